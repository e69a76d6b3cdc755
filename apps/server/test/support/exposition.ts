/** The series' value in a Prometheus text exposition (undefined when absent). */
export function seriesValue(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** The access lines (`http.request`) of one request id, as [method, route, status]. */
export function accessLinesOf(logLines: readonly string[], requestId: string): unknown[][] {
  return logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === 'http.request' && line.requestId === requestId)
    .map((line) => [line.method, line.route, line.status]);
}
