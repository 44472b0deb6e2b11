// The provider's deletion guard (runtime/deletion.ts, lifecycle.ts) on a kind that holds data:
// a replace is refused at diff, a delete before any API call, unless the resource's
// `allowDeletion` or the stack's `redpanda:allowDeletion` allows it.
import * as z from "zod";
import { declareKind } from "../../../provider/declare/declare";
import type { InputsOf } from "../../../provider/declare/declare";
import { allowDeletion } from "../../../provider/declare/fields";
import type { ResourceSpec } from "../../../provider/runtime/lifecycle";
import { UNKNOWN, makeProvider } from "../../../provider/runtime/lifecycle";
import { testContext } from "../../support/call-context";

const vault = declareKind({
  type: "Vault",
  doc: "A kind that holds data.",
  fields: {
    name: { schema: z.string(), change: "replace", doc: "Name" },
    size: { schema: z.number().optional(), change: "update", doc: "Size" },
    allowDeletion,
  },
  outputs: {},
});
type Out = InputsOf<typeof vault.fields> & { id: string };

const calls: string[] = [];
const spec: ResourceSpec<typeof vault.fields, Out> = {
  kind: vault,
  deleteBeforeReplace: true,
  label: (i) => `vault ${i.name}`,
  create: async () => ({ id: "v", outs: {} as Out }),
  read: async () => undefined,
  update: async (id, o, n) => {
    calls.push(`update ${id}`);
    return { ...o, ...n, id };
  },
  delete: async (id) => {
    calls.push(`delete ${id}`);
  },
};

const stored = { _rpType: "Vault", __provider: "shim", id: "v1", name: "orders", size: 1 };

let stack: Record<string, string> = {};
const ctx = testContext((key) => stack[key]);
beforeEach(() => {
  calls.length = 0;
  stack = {};
});

describe("delete", () => {
  it("refuses before any API call, naming the resource and the line that allows it", async () => {
    const p = makeProvider(spec);
    await expect(p.delete("v1", stored, ctx)).rejects.toThrow(
      /Refusing to delete vault orders \(id v1\).*pulumi config set redpanda:allowDeletion true/,
    );
    expect(calls).toEqual([]);
  });

  it("deletes when the stored outputs or the stack allow it", async () => {
    const p = makeProvider(spec);
    await p.delete("v1", { ...stored, allowDeletion: true }, ctx);
    stack = { allowDeletion: "true" };
    await p.delete("v2", stored, ctx);
    expect(calls).toEqual(["delete v1", "delete v2"]);
  });

  it("reads anything but true in the stack config as not allowed", async () => {
    stack = { allowDeletion: "yes" };
    await expect(makeProvider(spec).delete("v1", stored, ctx)).rejects.toThrow(/Refusing/);
    expect(calls).toEqual([]);
  });
});

describe("replace", () => {
  it("is refused at diff unless the program's inputs allow it", async () => {
    const p = makeProvider(spec);
    await expect(p.diff("v1", stored, { ...stored, name: "orders-v2" }, ctx)).rejects.toThrow(
      /Refusing to replace vault orders: a change of name replaces it/,
    );
  });

  it("allowed in the same run, also deletes the old one whose outputs do not allow it", async () => {
    const p = makeProvider(spec);
    const news = { ...stored, name: "orders-v2", allowDeletion: true };
    expect(await p.diff("v1", stored, news, ctx)).toEqual({
      changes: true,
      replaces: ["name"],
      deleteBeforeReplace: true,
    });
    await p.delete("v1", stored, ctx);
    expect(calls).toEqual(["delete v1"]);
  });

  it("at a preview where the replacing value is still unknown, waits for `up` to decide", async () => {
    const p = makeProvider(spec);
    const news = { ...stored, name: UNKNOWN };
    expect(await p.diff("v1", stored, news, ctx)).toMatchObject({ replaces: ["name"] });
    await expect(p.delete("v1", stored, ctx)).rejects.toThrow(/Refusing to delete/);
  });

  it("is allowed by the stack config", async () => {
    stack = { allowDeletion: "true" };
    const diff = await makeProvider(spec).diff("v1", stored, { ...stored, name: "x" }, ctx);
    expect(diff).toMatchObject({ replaces: ["name"] });
  });
});

describe("allowDeletion itself", () => {
  it("never shows as a change on state from before the guard (no key reads as false)", async () => {
    const p = makeProvider(spec);
    expect(await p.diff("v1", stored, { ...stored, allowDeletion: false }, ctx)).toEqual({
      changes: false,
    });
  });

  it("a change is an update that records it with no API call, and never a replace", async () => {
    const p = makeProvider(spec);
    const news = { ...stored, __provider: "shim", allowDeletion: true };
    expect(await p.diff("v1", stored, news, ctx)).toEqual({ changes: true, replaces: [] });
    const { outs } = await p.update("v1", stored, news, ctx);
    expect(outs).toEqual({ ...stored, allowDeletion: true });
    expect(calls).toEqual([]);
  });

  it("is recorded with a real update too", async () => {
    const p = makeProvider(spec);
    const { outs } = await p.update("v1", stored, { ...stored, size: 2, allowDeletion: true }, ctx);
    expect(outs).toMatchObject({ size: 2, allowDeletion: true });
    expect(calls).toEqual(["update v1"]);
  });
});
