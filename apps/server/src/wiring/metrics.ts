import {
  NOTIFICATION_ABANDONED_METRIC,
  NOTIFICATION_DELIVERED_METRIC,
  NOTIFICATION_FAILED_METRIC,
  OPERATION_GIVEN_UP_METRIC,
  VERDICT_FACT_KINDS,
  VERDICT_UNMATCHED_METRIC,
  type MessageEvent,
} from '@splitpay/application';
import { HTTP_REQUESTS_ABORTED_METRIC, type ExpressRoute } from '@splitpay/http-api';
import { ADYEN_AMOUNT_UNREADABLE_METRIC, ADYEN_AMOUNT_UNREADABLE_REASONS } from '@splitpay/psp-adyen';
import type { CounterSpec } from '@splitpay/infra';
import { PSP_CALL_OPERATIONS, PSP_CALL_OUTCOMES, PSP_CALLS_METRIC } from './psp-metrics';

const EVENTS: readonly MessageEvent[] = ['session-ended', 'chargeback'];
const FOLLOW_UPS = ['capture', 'void', 'refund'] as const;

/** Every label set of `dimensions` (their cross product). */
function product(dimensions: Readonly<Record<string, readonly string[]>>): Record<string, string>[] {
  return Object.entries(dimensions).reduce<Record<string, string>[]>(
    (sets, [name, values]) => sets.flatMap((set) => values.map((value) => ({ ...set, [name]: value }))),
    [{}],
  );
}

/**
 * The service's counters, each with every label set it can take present at 0 from the start, so
 * that an alert rule (`increase(x[5m]) > 0`) works before the first event.
 */
export function counterCatalog(providers: readonly string[]): CounterSpec[] {
  return [
    { name: NOTIFICATION_DELIVERED_METRIC, help: 'Webhook messages the merchant received, by event', labelNames: ['event'], initial: product({ event: EVENTS }) },
    { name: NOTIFICATION_FAILED_METRIC, help: 'Webhook delivery tries that failed, by event', labelNames: ['event'], initial: product({ event: EVENTS }) },
    { name: NOTIFICATION_ABANDONED_METRIC, help: 'Webhook messages whose retry calendar is spent (an operator must act), by event', labelNames: ['event'], initial: product({ event: EVENTS }) },
    {
      name: OPERATION_GIVEN_UP_METRIC,
      help: 'Owed PSP operations (capture, void, refund) given up after their retries, by provider and type',
      labelNames: ['provider', 'type'],
      initial: product({ provider: providers, type: FOLLOW_UPS }),
    },
    {
      name: VERDICT_UNMATCHED_METRIC,
      help: 'PSP verdicts that match no operation of ours, by provider and fact kind',
      labelNames: ['kind', 'provider'],
      initial: product({ provider: providers, kind: VERDICT_FACT_KINDS }),
    },
    {
      name: PSP_CALLS_METRIC,
      help: 'PSP driver calls and notification readings, by provider, operation and outcome (accepted, rejected, unknown: no usable answer, error: the driver threw, deadline: cut by the service deadline)',
      labelNames: ['operation', 'outcome', 'provider'],
      initial: product({ provider: providers, operation: PSP_CALL_OPERATIONS, outcome: PSP_CALL_OUTCOMES }),
    },
    // Adyen is always mounted (its plug has no switch): its series are there whatever else is.
    {
      name: ADYEN_AMOUNT_UNREADABLE_METRIC,
      help: 'Authenticated Adyen notification items acknowledged without a fact because their amount cannot be read (missing, malformed, or in cents ISO 4217 cannot hold), by reason',
      labelNames: ['reason'],
      initial: product({ reason: ADYEN_AMOUNT_UNREADABLE_REASONS }),
    },
    // Its label sets are the app's doors, declared once the routers are mounted (createAppInstance).
    abortedRequestsCounter([]),
  ];
}

const BODY_METHODS = new Set(['post', 'put', 'patch']);

/**
 * Requests whose body the client stopped sending, by method and door: every door that reads a body
 * present at 0 (read from the app's routes, once they are all mounted); a path no route serves is
 * counted as `unmatched` when it happens.
 */
export function abortedRequestsCounter(routes: readonly ExpressRoute[]): CounterSpec {
  return {
    name: HTTP_REQUESTS_ABORTED_METRIC,
    help: 'Requests whose client closed the connection before their body was whole (no answer), by method and route template',
    labelNames: ['method', 'route'],
    initial: routes.filter((route) => BODY_METHODS.has(route.method)).map((route) => ({ method: route.method.toUpperCase(), route: route.route })),
  };
}
