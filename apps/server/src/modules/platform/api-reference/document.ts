/**
 * The OpenAPI document this server answers with, generated from the contract the routes check
 * against (the same code `npm run build` writes to docs/openapi.json). It is built when first asked
 * for, not at start: a process that never serves it never pays the ~0.9 MB of JSON Schema. It
 * depends only on the code, so one copy per process is right (nothing another process must see).
 */
let cached: Promise<{ document: Record<string, unknown>; text: string }> | null = null;

export function apiDocument(): Promise<{ document: Record<string, unknown>; text: string }> {
  cached ??= import('@pp/contract/openapi').then(({ buildOpenApi }) => {
    const document = buildOpenApi();
    return { document, text: `${JSON.stringify(document, null, 2)}\n` };
  });
  return cached;
}
