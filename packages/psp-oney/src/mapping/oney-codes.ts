// Oney's code lists as its own Magento module ships them (config sources CategoryOney,
// DeliveryModeCode, AddressType); Payline's Oney plugin pairs delivery modes and address types alike.

/** Our cart categories in Oney's item categories (Oney has 16; each of ours goes to the nearest). */
const CATEGORY: Readonly<Record<string, number>> = {
  foodanddrink: 1,
  carsandmotorbikes: 2,
  leisureandhobbies: 3,
  entertainment: 3,
  toysandgames: 3,
  videogamesandconsoles: 3,
  homeandgarden: 4,
  furniture: 4,
  pets: 4,
  appliances: 5,
  auctionsandgroupbuying: 6,
  giftandflowers: 7,
  computersandsoftware: 8,
  healthandbeauty: 9,
  servicesforindividuals: 10,
  servicesforprofessionals: 11,
  sport: 12,
  fashion: 13,
  jewellery: 13,
  kidsandbaby: 13,
  travel: 14,
  electronics: 15,
};
/** A line without a category we know (a session stored before categories were mapped). */
const DEFAULT_CATEGORY = 4;

export function categoryCode(category: string | undefined): number {
  return (category !== undefined ? CATEGORY[category] : undefined) ?? DEFAULT_CATEGORY;
}

/** Oney's delivery modes: 1 the merchant's store, 2 a relay point, 3 an airport, station or travel agency, 4 a carrier, 5 electronic. */
const DELIVERY_MODE: Readonly<Record<string, number>> = { storepickup: 1, networkpickup: 2, travelpickup: 3, billingaddress: 4, carrier: 4, edelivery: 5 };
/** Oney's address types: 1 the merchant, 2 a relay point, 3 an airport, station or travel agency, 4 billing, 5 delivery, 6 electronic. */
const ADDRESS_TYPE = { storepickup: 1, networkpickup: 2, travelpickup: 3, billing: 4, delivery: 5, edelivery: 6 } as const;

/**
 * Where and how the goods go: our delivery type in Oney's mode and address type. A carrier delivers to
 * the shipping address, or to the billing address when the order has none; a type we do not know
 * (an order stored before) is a carrier's.
 */
export function deliveryCodes(type: string | undefined, hasShippingAddress: boolean): { mode: number; addressType: number } {
  const mode = (type !== undefined ? DELIVERY_MODE[type] : undefined) ?? DELIVERY_MODE.carrier!;
  switch (type) {
    case 'storepickup':
    case 'networkpickup':
    case 'travelpickup':
    case 'edelivery':
      return { mode, addressType: ADDRESS_TYPE[type] };
    case 'billingaddress':
      return { mode, addressType: ADDRESS_TYPE.billing };
    default:
      return { mode, addressType: hasShippingAddress ? ADDRESS_TYPE.delivery : ADDRESS_TYPE.billing };
  }
}
