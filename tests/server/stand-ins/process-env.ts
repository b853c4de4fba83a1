/**
 * Sets environment variables for one test file and gives back the function that restores them.
 * The payment providers read their settings from the process environment when the routes are
 * registered (server/commerce/payments/config.ts), so the stand-ins' addresses go there.
 */
export function setProcessEnv(values: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  Object.assign(process.env, values);
  return () => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  };
}
