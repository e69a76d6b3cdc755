import { buildOpenApiDocument } from '@splitpay/http-api';

type Media = { examples?: Record<string, { value: unknown }> };
type Operation = { operationId: string; requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };

const document = buildOpenApiDocument();

function operation(operationId: string): Operation {
  const webhooks = (document.webhooks ?? {}) as Record<string, Record<string, Operation>>;
  for (const ops of [...Object.values(document.paths), ...Object.values(webhooks)]) {
    const found = Object.values(ops as Record<string, Operation>).find((op) => op.operationId === operationId);
    if (found) return found;
  }
  throw new Error(`no operation ${operationId} in the document`);
}

const valueOf = (content: Record<string, Media> | undefined, where: string, name: string): unknown => {
  const example = Object.values(content ?? {})[0]?.examples?.[name];
  if (!example) throw new Error(`no example ${name} on ${where}`);
  return example.value;
};

/** An example the served document gives, by operationId, `request` or the response status, and its name. */
export function documentExample<T = Record<string, unknown>>(operationId: string, where: 'request' | `${number}`, name: string): T {
  const op = operation(operationId);
  const content = where === 'request' ? op.requestBody?.content : op.responses[where]?.content;
  return valueOf(content, `${operationId} ${where}`, name) as T;
}
