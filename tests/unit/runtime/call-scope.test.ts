// The plugin's call scope (provider/runtime/context.ts): a process serving one provider instance
// runs its calls that never wait without AsyncLocalStorage, the instance being the scope; calls
// that wait, and every call once the process serves two instances, carry their own scope.
import {
  currentScope,
  inInstance,
  serveInstance,
  stackAllowsDeletion,
} from "../../../provider/runtime/context";
import type { CallScope } from "../../../provider/runtime/context";

const lines: string[] = [];
const scopeOf = (name: string, allow: string): CallScope => ({
  config: (key) => (key === "allowDeletion" ? allow : undefined),
  log: (message) => lines.push(`${name}: ${message}`),
});

/** What a call sees after an await: its scope's config and where its line goes. */
async function seen(): Promise<{ allow: boolean; scope: CallScope | undefined }> {
  await new Promise((resolve) => setImmediate(resolve));
  return { allow: stackAllowsDeletion(), scope: currentScope() };
}

it("one instance: its calls see it across awaits, waiting calls carry their own scope", async () => {
  const first = scopeOf("first", "true");
  serveInstance(first);
  const plain = await inInstance(scopeOf("call", "false"), false, seen);
  expect(plain).toEqual({ allow: true, scope: first });
  const call = scopeOf("waiting call", "false");
  const waiting = await inInstance(call, true, seen);
  expect(waiting).toEqual({ allow: false, scope: call });
  waiting.scope?.log?.("progress", true);
  expect(lines).toEqual(["waiting call: progress"]);
});

it("two instances: every call carries its own scope, whatever it does", async () => {
  serveInstance(scopeOf("second", "false"));
  const a = scopeOf("a", "false");
  const b = scopeOf("b", "true");
  const [ra, rb] = await Promise.all([inInstance(a, false, seen), inInstance(b, false, seen)]);
  expect(ra).toEqual({ allow: false, scope: a });
  expect(rb).toEqual({ allow: true, scope: b });
});
