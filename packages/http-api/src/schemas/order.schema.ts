import { countrySchema, dateSchema, minorUnitsSchema, requestMoneySchema } from './common.schema';
import { named } from './json-schema';
import { plainText } from './plain-text.schema';

/** Schemas of the order data a session carries (the contract: CartItem, Customer, Address, Travel, Terms). */

const text = (minLength = 1, maxLength?: number) => plainText({ minLength, ...(maxLength !== undefined ? { maxLength } : {}) });
/** International format: a leading +, then digits (spaces allowed between groups). */
const phone = { type: 'string', minLength: 5, pattern: '^\\+[0-9][0-9 ]*[0-9]$', description: 'international format, e.g. +33612345678' } as const;

export const CART_CATEGORIES = [
  'computersandsoftware', 'electronics', 'appliances', 'homeandgarden', 'fashion', 'healthandbeauty', 'jewellery', 'sport',
  'leisureandhobbies', 'carsandmotorbikes', 'furniture', 'kidsandbaby', 'videogamesandconsoles', 'toysandgames', 'pets',
  'foodanddrink', 'giftandflowers', 'entertainment', 'travel', 'auctionsandgroupbuying', 'servicesforindividuals',
  'servicesforprofessionals',
] as const;

export const deliverySchema = named('CartItemDelivery', {
  type: 'object',
  additionalProperties: false,
  description: 'every field required on a session offering financing; nothing is substituted by the service',
  properties: {
    type: { type: 'string', enum: ['storepickup', 'networkpickup', 'travelpickup', 'billingaddress', 'carrier', 'edelivery'] },
    speed: { type: 'string', enum: ['standard', 'express'] },
    expectedDate: dateSchema,
    expectedDelay: { type: 'integer', minimum: 0, description: 'days' },
    label: text(1, 100),
  },
});

export const cartItemDetailSchema = named('CartItemDetail', {
  type: 'object',
  additionalProperties: false,
  description: 'itemization for the PSP, never shown to the payer; required in full on a session offering financing',
  properties: {
    itemId: text(),
    category: { type: 'string', enum: CART_CATEGORIES },
    brand: text(1, 100),
    discount: { ...minorUnitsSchema, description: 'minor units already applied to the line' },
    tax: { ...minorUnitsSchema, description: 'minor units included in the line' },
    delivery: deliverySchema,
  },
});

export const cartItemSchema = named('CartItem', {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'quantity', 'amount'],
  properties: {
    label: text(),
    quantity: { type: 'integer', minimum: 1 },
    amount: { ...requestMoneySchema, description: 'price of the line: unit price times quantity' },
    detail: cartItemDetailSchema,
  },
});

export const customerSchema = named('Customer', {
  type: 'object',
  additionalProperties: false,
  description: 'required by financing contracts',
  properties: {
    activity: {
      type: 'object',
      additionalProperties: false,
      properties: {
        transactionsLast24h: { type: 'integer', minimum: 0 },
        transactionsLast12Months: { type: 'integer', minimum: 0 },
        transactionsLast6Months: { type: 'integer', minimum: 0 },
      },
    },
    ident: text(),
    email: text(3),
    firstName: text(),
    lastName: text(),
  },
});

export const addressSchema = named('Address', {
  type: 'object',
  additionalProperties: false,
  properties: {
    companyName: text(),
    firstName: text(),
    lastName: text(),
    title: { type: 'string', enum: ['mr', 'mrs', 'miss'] },
    address: text(),
    postalCode: text(),
    city: text(),
    country: countrySchema,
    phone,
    mobilePhone: phone,
  },
});

export const travelSchema = named('Travel', {
  type: 'object',
  additionalProperties: false,
  properties: {
    passenger: {
      type: 'object',
      additionalProperties: false,
      properties: { firstName: text(), lastName: text(), dateOfBirth: dateSchema },
    },
    stays: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          location: plainText(),
          arrivalDate: dateSchema,
          departureDate: dateSchema,
          type: plainText(),
          roomCount: { type: 'integer', minimum: 1 },
          passengerCount: { type: 'integer', minimum: 1 },
        },
      },
    },
    insurance: { type: 'boolean' },
    vehicleRent: { type: 'boolean' },
  },
});

export const termsSchema = named('Terms', {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'url'],
  properties: {
    label: plainText({ minLength: 1, description: 'shown as-is, never translated' }),
    // A link the payment page renders: http(s) only, never javascript: or data: (docs/decisions.md D8).
    url: { type: 'string', format: 'uri', pattern: '^https?://', description: 'http(s) address of the document, shown to the payer as a link' },
  },
});
