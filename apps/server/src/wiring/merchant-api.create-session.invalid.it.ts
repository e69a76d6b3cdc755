import { type AccountTokens, call, sessionBody, startAccountService } from '../../test/support/merchant-api-calls';
import type { ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

const line = { label: 'TV', quantity: 1, amount: { amount: 1000, currency: 'EUR' } };
const card = (extra: Record<string, unknown>) => ({ methods: [{ method: 'card', ...extra }] });
const alias = { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2027-12-31' };

/**
 * One row per rule of the spec's tables (POST /api/sessions body, method entries, CartItem, detail,
 * delivery, Customer, Address, Travel, Terms): the override, and what the message must name.
 */
const ROWS: readonly (readonly [string, Record<string, unknown>, RegExp])[] = [
  ['body not an object', { __replace: [1, 2] }, /^body must be of type object$/],
  ['unknown property', { merchantId: 'acme' }, /^merchantId is not a declared property$/],
  ['currency required', { currency: undefined }, /^currency is required$/],
  ['currency type', { currency: 978 }, /^currency must be of type string$/],
  ['currency pattern', { currency: 'eur' }, /^currency must match the pattern \^\[A-Z\]\{3\}\$$/],
  ['total required', { total: undefined }, /^total is required$/],
  ['total type', { total: '100' }, /^total must be an integer$/],
  ['total integer', { total: 10.5 }, /^total must be an integer$/],
  ['total minimum', { total: 0 }, /^total must be at least 1$/],
  ['methods required', { methods: undefined }, /^methods is required$/],
  ['methods type', { methods: { method: 'card' } }, /^methods must be of type array$/],
  ['methods minItems', { methods: [] }, /^methods must hold at least 1 item$/],
  ['method required', { methods: [{ id: 'x' }] }, /^methods\[0\]\.method is required$/],
  ['method value', { methods: [{ method: 'bitcoin' }] }, /^methods\[0\]\.method must be one of card, applepay, paypal, wero, oney, ancv$/],
  ['orderId required', { orderId: undefined }, /^orderId is required$/],
  ['orderId type', { orderId: 42 }, /^orderId must be of type string$/],
  ['paymentMethodFilters type', { paymentMethodFilters: 'FR' }, /^paymentMethodFilters must be of type object$/],
  ['country pattern', { paymentMethodFilters: { country: 'fr' } }, /^paymentMethodFilters\.country must match the pattern/],
  ['channel minLength', { paymentMethodFilters: { channel: '' } }, /^paymentMethodFilters\.channel must be at least 1 characters long$/],
  ['channel maxLength', { paymentMethodFilters: { channel: 'c'.repeat(65) } }, /^paymentMethodFilters\.channel must be at most 64 characters long$/],
  ['filters unknown property', { paymentMethodFilters: { region: 'EU' } }, /^paymentMethodFilters\.region is not a declared property$/],
  ['mustCreateAlias type', { mustCreateAlias: 'yes' }, /^mustCreateAlias must be of type boolean$/],
  ['cartItems type', { cartItems: line }, /^cartItems must be of type array$/],
  ['cart label required', { cartItems: [{ ...line, label: undefined }] }, /^cartItems\[0\]\.label is required$/],
  ['cart label minLength', { cartItems: [{ ...line, label: '' }] }, /^cartItems\[0\]\.label must be at least 1 characters long$/],
  ['cart quantity minimum', { cartItems: [{ ...line, quantity: 0 }] }, /^cartItems\[0\]\.quantity must be at least 1$/],
  ['cart amount shape', { cartItems: [{ ...line, amount: 1000 }] }, /^cartItems\[0\]\.amount must be of type object$/],
  ['cart amount currency', { cartItems: [{ ...line, amount: { amount: 1000, currency: 'euro' } }] }, /^cartItems\[0\]\.amount\.currency must match the pattern/],
  ['cart unknown property', { cartItems: [{ ...line, sku: 'x' }] }, /^cartItems\[0\]\.sku is not a declared property$/],
  ['detail itemId minLength', { cartItems: [{ ...line, detail: { itemId: '' } }] }, /^cartItems\[0\]\.detail\.itemId must be at least 1 characters long$/],
  ['detail category enum', { cartItems: [{ ...line, detail: { category: 'books' } }] }, /^cartItems\[0\]\.detail\.category must be one of computersandsoftware, /],
  ['detail brand maxLength', { cartItems: [{ ...line, detail: { brand: 'b'.repeat(101) } }] }, /^cartItems\[0\]\.detail\.brand must be at most 100 characters long$/],
  ['detail discount type', { cartItems: [{ ...line, detail: { discount: 1.5 } }] }, /^cartItems\[0\]\.detail\.discount must be an integer$/],
  ['detail tax type', { cartItems: [{ ...line, detail: { tax: '20' } }] }, /^cartItems\[0\]\.detail\.tax must be an integer$/],
  ['delivery type enum', { cartItems: [{ ...line, detail: { delivery: { type: 'drone' } } }] }, /^cartItems\[0\]\.detail\.delivery\.type must be one of storepickup, /],
  ['delivery speed enum', { cartItems: [{ ...line, detail: { delivery: { speed: 'slow' } } }] }, /^cartItems\[0\]\.detail\.delivery\.speed must be one of standard, express$/],
  ['delivery expectedDate pattern', { cartItems: [{ ...line, detail: { delivery: { expectedDate: '10/02/2026' } } }] }, /^cartItems\[0\]\.detail\.delivery\.expectedDate must match the pattern/],
  ['delivery expectedDelay type', { cartItems: [{ ...line, detail: { delivery: { expectedDelay: 'soon' } } }] }, /^cartItems\[0\]\.detail\.delivery\.expectedDelay must be an integer$/],
  ['delivery label maxLength', { cartItems: [{ ...line, detail: { delivery: { label: 'l'.repeat(101) } } }] }, /^cartItems\[0\]\.detail\.delivery\.label must be at most 100 characters long$/],
  ['extraData minLength', { extraData: '' }, /^extraData must be at least 1 characters long$/],
  ['extraData maxLength', { extraData: 'e'.repeat(256) }, /^extraData must be at most 255 characters long$/],
  ['statementDescriptor minLength', { statementDescriptor: '' }, /^statementDescriptor must be at least 1 characters long$/],
  ['returnUrl pattern', { returnUrl: 'shop.example/return' }, /^returnUrl must match the pattern \^https\?:\/\/$/],
  ['cancelUrl pattern', { cancelUrl: 'javascript:history.back()' }, /^cancelUrl must match the pattern/],
  ['notificationUrl type', { notificationUrl: 443 }, /^notificationUrl must be of type string$/],
  ['ttlMs type', { ttlMs: '60000' }, /^ttlMs must be an integer$/],
  ['ttlMs minimum', { ttlMs: 999 }, /^ttlMs must be at least 1000$/],
  ['customer type', { customer: 'ada' }, /^customer must be of type object$/],
  ['customer email minLength', { customer: { email: 'a@' } }, /^customer\.email must be at least 3 characters long$/],
  ['customer ident minLength', { customer: { ident: '' } }, /^customer\.ident must be at least 1 characters long$/],
  ['customer activity integer', { customer: { activity: { transactionsLast24h: 'many' } } }, /^customer\.activity\.transactionsLast24h must be an integer$/],
  ['customer unknown property', { customer: { birthday: '1990-01-01' } }, /^customer\.birthday is not a declared property$/],
  ['billing country pattern', { billing: { country: 'France' } }, /^billing\.country must match the pattern/],
  ['billing title enum', { billing: { title: 'dr' } }, /^billing\.title must be one of mr, mrs, miss$/],
  ['billing phone minLength', { billing: { phone: '+33' } }, /^billing\.phone must be at least 5 characters long$/],
  ['billing phone format', { billing: { phone: '0612345678' } }, /^billing\.phone must match the pattern/],
  ['shipping city minLength', { shipping: { city: '' } }, /^shipping\.city must be at least 1 characters long$/],
  ['shipping unknown property', { shipping: { floor: 3 } }, /^shipping\.floor is not a declared property$/],
  ['travel passenger dateOfBirth', { travel: { passenger: { dateOfBirth: '1990-13-45' } } }, /^travel\.passenger\.dateOfBirth must be a valid date$/],
  ['travel stays roomCount', { travel: { stays: [{ roomCount: 0 }] } }, /^travel\.stays\[0\]\.roomCount must be at least 1$/],
  ['travel insurance type', { travel: { insurance: 'yes' } }, /^travel\.insurance must be of type boolean$/],
  ['terms minItems', { terms: [] }, /^terms must hold at least 1 item$/],
  ['terms label required', { terms: [{ url: 'https://shop.example/cgv' }] }, /^terms\[0\]\.label is required$/],
  ['terms url format', { terms: [{ label: 'CGV', url: 'https://shop example/cgv' }] }, /^terms\[0\]\.url must be a valid uri$/],
  ['card partialAuth type', card({ partialAuth: 'true' }), /^methods\[0\]\.partialAuth must be of type boolean$/],
  ['card schemes minItems', card({ schemes: [] }), /^methods\[0\]\.schemes must hold at least 1 item$/],
  ['card schemes value', card({ schemes: ['visa', 'bitcoin'] }), /^methods\[0\]\.schemes\[1\] must be one of cb, visa, /],
  ['card schemes unique', card({ schemes: ['visa', 'visa'] }), /^methods\[0\]\.schemes must not repeat an item/],
  ['card createAlias required', card({ createAlias: { mode: 'oneclick' } }), /^methods\[0\]\.createAlias\.recurringFrequency is required$/],
  ['card createAlias mode', card({ createAlias: { ...alias, mode: 'weekly' } }), /^methods\[0\]\.createAlias\.mode must be one of oneclick, subscription$/],
  ['card createAlias frequency', card({ createAlias: { ...alias, recurringFrequency: 0 } }), /^methods\[0\]\.createAlias\.recurringFrequency must be at least 1$/],
  ['card createAlias expiry', card({ createAlias: { ...alias, recurringExpiry: '31/12/2027' } }), /^methods\[0\]\.createAlias\.recurringExpiry must match the pattern/],
  ['card threeDSecure enum', card({ threeDSecure: 'none' }), /^methods\[0\]\.threeDSecure must be one of sca, frictionless$/],
  ['card cardHolder type', card({ cardHolder: 1 }), /^methods\[0\]\.cardHolder must be of type boolean$/],
  ['card id minLength', card({ id: '' }), /^methods\[0\]\.id must be at least 1 characters long$/],
  ['card label minLength', card({ label: '' }), /^methods\[0\]\.label must be at least 1 characters long$/],
  ['card provider minLength', card({ provider: '' }), /^methods\[0\]\.provider must be at least 1 characters long$/],
  ['card range required', card({ range: { min: 100 } }), /^methods\[0\]\.range\.max is required$/],
  ['card range type', card({ range: { min: 100, max: '500' } }), /^methods\[0\]\.range\.max must be an integer$/],
  ['card range order', card({ range: { min: 500, max: 100 } }), /^methods\[0\]\.range\.min must not exceed methods\[0\]\.range\.max$/],
  ['card unknown property', card({ plans: [] }), /^methods\[0\]\.plans is not a declared property$/],
  ['wallet unknown property', { methods: [{ method: 'paypal', schemes: ['visa'] }] }, /^methods\[0\]\.schemes is not a declared property$/],
  ['financing plans minItems', { methods: [{ method: 'oney', plans: [] }] }, /^methods\[0\]\.plans must hold at least 1 item$/],
  ['financing installments minimum', { methods: [{ method: 'oney', plans: [{ installments: 1, withFees: false }] }] }, /^methods\[0\]\.plans\[0\]\.installments must be at least 2$/],
  ['financing withFees required', { methods: [{ method: 'oney', plans: [{ installments: 3 }] }] }, /^methods\[0\]\.plans\[0\]\.withFees is required$/],
  ['cart line currency', { cartItems: [{ ...line, amount: { amount: 1000, currency: 'USD' } }] }, /^cartItems\[0\]\.amount\.currency must be the session currency EUR$/],
];

const detail = (extra: Record<string, unknown>) => ({ cartItems: [{ ...line, detail: extra }] });
const delivery = (extra: Record<string, unknown>) => detail({ delivery: extra });
const stay = (extra: Record<string, unknown>) => ({ travel: { stays: [extra] } });
const plainEntry = (method: string, extra: Record<string, unknown>) => ({ methods: [{ method, ...extra }] });
const plan = (extra: Record<string, unknown>) => ({ methods: [{ method: 'oney', plans: [{ installments: 3, withFees: false, ...extra }] }] });

/**
 * The remaining rows of the same tables, so that every field meets at least its type rule and each
 * declared length, bound, pattern and closed object its own refusal.
 */
const MORE_ROWS: readonly (readonly [string, Record<string, unknown>, RegExp])[] = [
  // Session creation request
  ['channel type', { paymentMethodFilters: { channel: 5 } }, /^paymentMethodFilters\.channel must be of type string$/],
  ['country type', { paymentMethodFilters: { country: 33 } }, /^paymentMethodFilters\.country must be of type string$/],
  ['extraData type', { extraData: 42 }, /^extraData must be of type string$/],
  ['statementDescriptor type', { statementDescriptor: true }, /^statementDescriptor must be of type string$/],
  ['returnUrl type', { returnUrl: 1 }, /^returnUrl must be of type string$/],
  ['cancelUrl type', { cancelUrl: {} }, /^cancelUrl must be of type string$/],
  ['total maximum', { total: 2 ** 53 }, /^total must be at most 9007199254740991$/],
  ['ttlMs past any date (D105-a)', { ttlMs: Number.MAX_SAFE_INTEGER }, /^ttlMs must be at most 8640000000000000$/],
  ['terms type', { terms: { label: 'CGV', url: 'https://shop.example/cgv' } }, /^terms must be of type array$/],
  ['billing type', { billing: 'Paris' }, /^billing must be of type object$/],
  ['shipping type', { shipping: ['Paris'] }, /^shipping must be of type object$/],
  ['travel type', { travel: true }, /^travel must be of type object$/],
  ['methods item type', { methods: ['card'] }, /^methods\[0\] must be of type object$/],
  ['method type', { methods: [{ method: 7 }] }, /^methods\[0\]\.method must be of type string$/],
  // CartItem
  ['cart item type', { cartItems: ['TV'] }, /^cartItems\[0\] must be of type object$/],
  ['cart label type', { cartItems: [{ ...line, label: 5 }] }, /^cartItems\[0\]\.label must be of type string$/],
  ['cart quantity required', { cartItems: [{ ...line, quantity: undefined }] }, /^cartItems\[0\]\.quantity is required$/],
  ['cart quantity integer', { cartItems: [{ ...line, quantity: 1.5 }] }, /^cartItems\[0\]\.quantity must be an integer$/],
  ['cart amount required', { cartItems: [{ ...line, amount: undefined }] }, /^cartItems\[0\]\.amount is required$/],
  ['cart amount integer', { cartItems: [{ ...line, amount: { amount: 10.5, currency: 'EUR' } }] }, /^cartItems\[0\]\.amount\.amount must be an integer$/],
  ['cart amount negative', { cartItems: [{ ...line, amount: { amount: -1, currency: 'EUR' } }] }, /^cartItems\[0\]\.amount\.amount must be at least 0$/],
  ['cart amount unknown property', { cartItems: [{ ...line, amount: { amount: 1, currency: 'EUR', vat: 0 } }] }, /^cartItems\[0\]\.amount\.vat is not a declared property$/],
  ['cart detail type', detail(null as never), /^cartItems\[0\]\.detail must be of type object$/],
  // detail
  ['detail itemId type', detail({ itemId: 12 }), /^cartItems\[0\]\.detail\.itemId must be of type string$/],
  ['detail category type', detail({ category: 3 }), /^cartItems\[0\]\.detail\.category must be of type string$/],
  ['detail brand type', detail({ brand: ['Acme'] }), /^cartItems\[0\]\.detail\.brand must be of type string$/],
  ['detail brand minLength', detail({ brand: '' }), /^cartItems\[0\]\.detail\.brand must be at least 1 characters long$/],
  ['detail discount negative', detail({ discount: -5 }), /^cartItems\[0\]\.detail\.discount must be at least 0$/],
  ['detail tax negative', detail({ tax: -1 }), /^cartItems\[0\]\.detail\.tax must be at least 0$/],
  ['detail delivery type', detail({ delivery: 'carrier' }), /^cartItems\[0\]\.detail\.delivery must be of type object$/],
  ['detail unknown property', detail({ ean: '123' }), /^cartItems\[0\]\.detail\.ean is not a declared property$/],
  // delivery
  ['delivery type type', delivery({ type: 1 }), /^cartItems\[0\]\.detail\.delivery\.type must be of type string$/],
  ['delivery speed type', delivery({ speed: true }), /^cartItems\[0\]\.detail\.delivery\.speed must be of type string$/],
  ['delivery expectedDate type', delivery({ expectedDate: 20260210 }), /^cartItems\[0\]\.detail\.delivery\.expectedDate must be of type string$/],
  ['delivery expectedDate calendar', delivery({ expectedDate: '2026-02-30' }), /^cartItems\[0\]\.detail\.delivery\.expectedDate must be a valid date$/],
  ['delivery expectedDelay negative', delivery({ expectedDelay: -1 }), /^cartItems\[0\]\.detail\.delivery\.expectedDelay must be at least 0$/],
  ['delivery label type', delivery({ label: 9 }), /^cartItems\[0\]\.detail\.delivery\.label must be of type string$/],
  ['delivery label minLength', delivery({ label: '' }), /^cartItems\[0\]\.detail\.delivery\.label must be at least 1 characters long$/],
  ['delivery unknown property', delivery({ carrier: 'UPS' }), /^cartItems\[0\]\.detail\.delivery\.carrier is not a declared property$/],
  // Customer
  ['customer activity type', { customer: { activity: 3 } }, /^customer\.activity must be of type object$/],
  ['customer activity 12 months', { customer: { activity: { transactionsLast12Months: 1.5 } } }, /^customer\.activity\.transactionsLast12Months must be an integer$/],
  ['customer activity 6 months', { customer: { activity: { transactionsLast6Months: -1 } } }, /^customer\.activity\.transactionsLast6Months must be at least 0$/],
  ['customer activity unknown property', { customer: { activity: { transactionsLastWeek: 1 } } }, /^customer\.activity\.transactionsLastWeek is not a declared property$/],
  ['customer ident type', { customer: { ident: 42 } }, /^customer\.ident must be of type string$/],
  ['customer email type', { customer: { email: 42 } }, /^customer\.email must be of type string$/],
  ['customer firstName minLength', { customer: { firstName: '' } }, /^customer\.firstName must be at least 1 characters long$/],
  ['customer lastName type', { customer: { lastName: null } }, /^customer\.lastName must be of type string$/],
  ['customer lastName minLength', { customer: { lastName: '' } }, /^customer\.lastName must be at least 1 characters long$/],
  // Address
  ['billing companyName minLength', { billing: { companyName: '' } }, /^billing\.companyName must be at least 1 characters long$/],
  ['billing firstName minLength', { billing: { firstName: '' } }, /^billing\.firstName must be at least 1 characters long$/],
  ['billing lastName type', { billing: { lastName: 1 } }, /^billing\.lastName must be of type string$/],
  ['billing address minLength', { billing: { address: '' } }, /^billing\.address must be at least 1 characters long$/],
  ['billing postalCode minLength', { billing: { postalCode: '' } }, /^billing\.postalCode must be at least 1 characters long$/],
  ['billing postalCode type', { billing: { postalCode: 75002 } }, /^billing\.postalCode must be of type string$/],
  ['billing city type', { billing: { city: 1 } }, /^billing\.city must be of type string$/],
  ['billing country type', { billing: { country: 250 } }, /^billing\.country must be of type string$/],
  ['billing title type', { billing: { title: 1 } }, /^billing\.title must be of type string$/],
  ['billing phone type', { billing: { phone: 33612345678 } }, /^billing\.phone must be of type string$/],
  ['billing mobilePhone minLength', { billing: { mobilePhone: '+336' } }, /^billing\.mobilePhone must be at least 5 characters long$/],
  ['billing mobilePhone format', { billing: { mobilePhone: '06 12 34 56 78' } }, /^billing\.mobilePhone must match the pattern/],
  ['billing unknown property', { billing: { street: '1 rue' } }, /^billing\.street is not a declared property$/],
  ['shipping country pattern', { shipping: { country: 'FRA' } }, /^shipping\.country must match the pattern/],
  // Travel
  ['travel passenger type', { travel: { passenger: 'Ada' } }, /^travel\.passenger must be of type object$/],
  ['travel passenger firstName minLength', { travel: { passenger: { firstName: '' } } }, /^travel\.passenger\.firstName must be at least 1 characters long$/],
  ['travel passenger lastName minLength', { travel: { passenger: { lastName: '' } } }, /^travel\.passenger\.lastName must be at least 1 characters long$/],
  ['travel passenger dateOfBirth pattern', { travel: { passenger: { dateOfBirth: '01/02/1990' } } }, /^travel\.passenger\.dateOfBirth must match the pattern/],
  ['travel passenger unknown property', { travel: { passenger: { age: 30 } } }, /^travel\.passenger\.age is not a declared property$/],
  ['travel stays type', { travel: { stays: {} } }, /^travel\.stays must be of type array$/],
  ['travel stay type', { travel: { stays: ['Paris'] } }, /^travel\.stays\[0\] must be of type object$/],
  ['travel stay location type', stay({ location: 5 }), /^travel\.stays\[0\]\.location must be of type string$/],
  ['travel stay arrivalDate pattern', stay({ arrivalDate: 'tomorrow' }), /^travel\.stays\[0\]\.arrivalDate must match the pattern/],
  ['travel stay departureDate pattern', stay({ departureDate: '2026-1-2' }), /^travel\.stays\[0\]\.departureDate must match the pattern/],
  ['travel stay type type', stay({ type: 1 }), /^travel\.stays\[0\]\.type must be of type string$/],
  ['travel stay roomCount integer', stay({ roomCount: 1.5 }), /^travel\.stays\[0\]\.roomCount must be an integer$/],
  ['travel stay passengerCount minimum', stay({ passengerCount: 0 }), /^travel\.stays\[0\]\.passengerCount must be at least 1$/],
  ['travel stay unknown property', stay({ breakfast: true }), /^travel\.stays\[0\]\.breakfast is not a declared property$/],
  ['travel vehicleRent type', { travel: { vehicleRent: 'no' } }, /^travel\.vehicleRent must be of type boolean$/],
  ['travel unknown property', { travel: { flights: [] } }, /^travel\.flights is not a declared property$/],
  // Terms entry
  ['terms item type', { terms: ['CGV'] }, /^terms\[0\] must be of type object$/],
  ['terms label type', { terms: [{ label: 1, url: 'https://shop.example/cgv' }] }, /^terms\[0\]\.label must be of type string$/],
  ['terms label minLength', { terms: [{ label: '', url: 'https://shop.example/cgv' }] }, /^terms\[0\]\.label must be at least 1 characters long$/],
  ['terms url required', { terms: [{ label: 'CGV' }] }, /^terms\[0\]\.url is required$/],
  ['terms url type', { terms: [{ label: 'CGV', url: 1 }] }, /^terms\[0\]\.url must be of type string$/],
  ['terms url scheme', { terms: [{ label: 'CGV', url: 'javascript:alert(document.domain)' }] }, /^terms\[0\]\.url must match the pattern \^https\?:\/\/$/],
  ['terms url data scheme', { terms: [{ label: 'CGV', url: 'data:text/html,<script>alert(1)</script>' }] }, /^terms\[0\]\.url must match the pattern/],
  ['terms unknown property', { terms: [{ label: 'CGV', url: 'https://shop.example/cgv', version: 2 }] }, /^terms\[0\]\.version is not a declared property$/],
  // Card method entry
  ['card schemes type', card({ schemes: 'visa' }), /^methods\[0\]\.schemes must be of type array$/],
  ['card threeDSecure type', card({ threeDSecure: true }), /^methods\[0\]\.threeDSecure must be of type string$/],
  ['card id type', card({ id: 5 }), /^methods\[0\]\.id must be of type string$/],
  ['card label type', card({ label: 5 }), /^methods\[0\]\.label must be of type string$/],
  ['card provider type', card({ provider: 5 }), /^methods\[0\]\.provider must be of type string$/],
  ['card range type', card({ range: [100, 500] }), /^methods\[0\]\.range must be of type object$/],
  ['card range min required', card({ range: { max: 500 } }), /^methods\[0\]\.range\.min is required$/],
  ['card range min negative', card({ range: { min: -1, max: 500 } }), /^methods\[0\]\.range\.min must be at least 0$/],
  ['card range unknown property', card({ range: { min: 1, max: 500, currency: 'EUR' } }), /^methods\[0\]\.range\.currency is not a declared property$/],
  // createAlias
  ['card createAlias type', card({ createAlias: true }), /^methods\[0\]\.createAlias must be of type object$/],
  ['card createAlias mode required', card({ createAlias: { recurringFrequency: 30, recurringExpiry: '2027-12-31' } }), /^methods\[0\]\.createAlias\.mode is required$/],
  ['card createAlias expiry required', card({ createAlias: { mode: 'oneclick', recurringFrequency: 30 } }), /^methods\[0\]\.createAlias\.recurringExpiry is required$/],
  ['card createAlias frequency integer', card({ createAlias: { ...alias, recurringFrequency: 1.5 } }), /^methods\[0\]\.createAlias\.recurringFrequency must be an integer$/],
  ['card createAlias expiry type', card({ createAlias: { ...alias, recurringExpiry: 20271231 } }), /^methods\[0\]\.createAlias\.recurringExpiry must be of type string$/],
  ['card createAlias unknown property', card({ createAlias: { ...alias, maxAmount: 100 } }), /^methods\[0\]\.createAlias\.maxAmount is not a declared property$/],
  // Other method entries (docs/decisions.md D12)
  ['applepay label minLength', plainEntry('applepay', { label: '' }), /^methods\[0\]\.label must be at least 1 characters long$/],
  ['paypal id type', plainEntry('paypal', { id: 1 }), /^methods\[0\]\.id must be of type string$/],
  ['wero provider minLength', plainEntry('wero', { provider: '' }), /^methods\[0\]\.provider must be at least 1 characters long$/],
  ['ancv range required', plainEntry('ancv', { range: { min: 100 } }), /^methods\[0\]\.range\.max is required$/],
  ['ancv range order', plainEntry('ancv', { range: { min: 500, max: 100 } }), /^methods\[0\]\.range\.min must not exceed methods\[0\]\.range\.max$/],
  ['applepay unknown property', plainEntry('applepay', { threeDSecure: 'sca' }), /^methods\[0\]\.threeDSecure is not a declared property$/],
  ['wallet plans refused', plainEntry('wero', { plans: [] }), /^methods\[0\]\.plans is not a declared property$/],
  ['financing plans type', plainEntry('oney', { plans: { installments: 3 } }), /^methods\[0\]\.plans must be of type array$/],
  ['financing plan type', plainEntry('oney', { plans: [3] }), /^methods\[0\]\.plans\[0\] must be of type object$/],
  ['financing installments required', { methods: [{ method: 'oney', plans: [{ withFees: false }] }] }, /^methods\[0\]\.plans\[0\]\.installments is required$/],
  ['financing installments integer', plan({ installments: 3.5 }), /^methods\[0\]\.plans\[0\]\.installments must be an integer$/],
  ['financing withFees type', plan({ withFees: 'no' }), /^methods\[0\]\.plans\[0\]\.withFees must be of type boolean$/],
  ['financing plan unknown property', plan({ apr: 0.1 }), /^methods\[0\]\.plans\[0\]\.apr is not a declared property$/],
  ['financing label minLength', plainEntry('oney', { label: '' }), /^methods\[0\]\.label must be at least 1 characters long$/],
  ['financing unknown property', plainEntry('oney', { schemes: ['cb'] }), /^methods\[0\]\.schemes is not a declared property$/],
];

describe('POST /api/sessions: InvalidRequest names the field and the rule', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  beforeAll(async () => {
    ({ h, tokens } = await startAccountService());
  }, 60_000);

  it.each([...ROWS, ...MORE_ROWS])('%s', async (_label, overrides, message) => {
    const replace = (overrides as { __replace?: unknown }).__replace;
    const body = replace ?? JSON.parse(JSON.stringify(sessionBody(overrides)));
    const res = await call(h.app, 'post', '/api/sessions', { token: tokens.acme, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidRequest');
    expect(res.body.message).toMatch(message);
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
