/**
 * The fake card form's patterns, as the start door's request schema has them (http-api
 * payer-input.schema.ts; a server test keeps the two equal): what the service would refuse as a whole
 * (InvalidRequest) is said on its field first. The number is checked without its spaces.
 */
export const CARD_NUMBER_PATTERN = /^[0-9]{12,19}$/;
export const CVC_PATTERN = /^[0-9]{3,4}$/;
