// The call context (provider/runtime/context.ts): each provider instance's calls see its own
// config, clients, lines and cancel signal, handed to them as an argument — two instances in one
// process never share any of them (tests/integration/plugin/instances-and-import.test.ts runs the
// same through the plugin against two emulators).
import { Interrupted } from "../../../provider/errors";
import { ProviderInstance } from "../../../provider/runtime/context";
import { realRuntime } from "../../../provider/retry/when";

const TOKEN = { accessToken: "t", apiUrl: "https://api.example.test" };

function instance(name: string, allow: string, lines: string[]): ProviderInstance {
  const config: Record<string, string> = { ...TOKEN, allowDeletion: allow };
  return new ProviderInstance(
    (key) => config[key],
    (message) => lines.push(`${name}: ${message}`),
  );
}

it("two instances: each call sees its own settings, clients and lines", () => {
  const lines: string[] = [];
  const a = instance("a", "false", lines);
  const b = instance("b", "true", lines);
  const [ca, cb] = [a.context(), b.context((m) => lines.push(`b's resource: ${m}`))];
  expect([ca.stackAllowsDeletion(), cb.stackAllowsDeletion()]).toEqual([false, true]);
  expect(ca.clients).not.toBe(cb.clients);
  // The same instance's calls share one set of clients (one token cache, one pool).
  expect(a.context().clients).toBe(ca.clients);
  ca.progress("waiting");
  cb.log("done");
  expect(lines).toEqual(["a: [redpanda] waiting", "b's resource: [redpanda] done"]);
});

it("a new configuration builds new clients; settings that do not resolve are said, not thrown", () => {
  const a = new ProviderInstance(
    () => undefined,
    () => undefined,
  );
  const ctx = a.context();
  a.configure((key) => ({ ...TOKEN, requestTimeoutMs: "soon" })[key]);
  expect(ctx.settingsOrError()).toBeInstanceOf(Error);
  a.configure((key) => (TOKEN as Record<string, string>)[key]);
  const first = ctx.clients;
  expect(ctx.settingsOrError()).toEqual(expect.objectContaining({ apiUrl: TOKEN.apiUrl }));
  a.configure((key) => ({ ...TOKEN, apiUrl: "https://other.example.test" })[key]);
  expect(ctx.clients).not.toBe(first);
  expect(ctx.clients.settings.apiUrl).toBe("https://other.example.test");
});

it("cancel aborts one instance's signal, and a pause under way ends at once with Interrupted", async () => {
  const lines: string[] = [];
  const a = instance("a", "false", lines);
  const b = instance("b", "false", lines);
  const pause = realRuntime.sleep(60_000, a.context().signal);
  const started = Date.now();
  a.cancel();
  await expect(pause).rejects.toBeInstanceOf(Interrupted);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(a.context().clients.transport.budget.signal?.aborted).toBe(true);
  expect(b.context().signal.aborted).toBe(false);
});
