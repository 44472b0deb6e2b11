// A kind folder owns how its objects are taken over and found (provider/kinds/<kind>/adopt.ts,
// collected by the generated registry): every kind declares an import id form, the id its dynamic
// resources migrate to and a lister, and what its import seeds is what the kind declares.
import type { Adoption, DynamicState } from "../../../provider/declare/adopt";
import { importIdForms } from "../../../provider/declare/adopt";
import { ADOPTIONS, KINDS, PROVIDERS } from "../../../provider/kinds/registry";
import { Clients } from "../../../provider/transport/settings";

const kinds = Object.values(KINDS);
const clients = new Clients({
  apiUrl: "http://127.0.0.1:9",
  accessToken: "t",
  authUrl: "http://127.0.0.1:9/oauth/token",
  audience: "test",
  requestTimeoutMs: 1_000,
  maxConcurrentPerHost: 1,
  adaptiveRate: false,
  allowPlainHttp: false,
});

/** A dynamic resource's state whose every input is set, to `<input>-value`. */
const state = (id: string): DynamicState => ({ id, input: (key) => `${key}-value` });

/** Import id parts of the right count for a form: `a`, `b`, ... (the last a tuple where it is one). */
function partsFor(a: Adoption): string[] {
  const tuple = a.import.form.split("|").length;
  const last = tuple > 1 ? Array.from({ length: tuple }, (_, i) => `t${i}`).join("|") : "last";
  return [...Array.from({ length: a.import.parts - 1 }, (_, i) => `p${i}`), last];
}

it("every kind declares an import id form, a migration id and a lister, and nothing else does", () => {
  expect(Object.keys(ADOPTIONS)).toEqual(Object.keys(PROVIDERS));
  for (const kind of kinds) {
    const a = ADOPTIONS[kind.type];
    expect([kind.type, typeof a?.migrate, typeof a?.list]).toEqual([
      kind.type,
      "function",
      "function",
    ]);
    expect(a!.import.parts).toBeGreaterThanOrEqual(1);
    expect(importIdForms(a!).length).toBe(a!.scope === "organization" ? 1 : 2);
    expect(a!.migrate(state("the-id"))).toMatch(/the-id$/);
  }
});

it("a kind's scope is where its inputs say it lives, and its import seed holds only declared inputs", async () => {
  for (const kind of kinds) {
    const a = ADOPTIONS[kind.type]!;
    const fields = Object.keys(kind.fields);
    const scope = fields.includes("dataplaneApiUrl")
      ? "dataplane"
      : fields.includes("schemaRegistryUrl")
        ? "registry"
        : "organization";
    expect([kind.type, a.scope]).toEqual([kind.type, scope]);
    if (a.import.form.startsWith("[")) continue; // an optional prefix is looked up (peerings)
    const seed = await a.import.seed(partsFor(a), "https://dp.example", clients);
    expect(seed.id).not.toBe("");
    const undeclared = Object.keys(seed.props).filter((k) => !fields.includes(k));
    expect([kind.type, undeclared]).toEqual([kind.type, []]);
  }
});

it("only the cluster kinds find a cluster by id (for imports on it and the vanished-cluster rule)", () => {
  const finders = Object.entries(ADOPTIONS)
    .filter(([, a]) => a.scope === "organization" && a.cluster !== undefined)
    .map(([type]) => type);
  expect(finders).toEqual(["Cluster", "ServerlessCluster"]);
});

it("migrates to the form its import reads: the network of a peering, the Connect cluster", () => {
  expect(ADOPTIONS.NetworkPeering!.migrate(state("np1"))).toBe("networkId-value/np1");
  expect(ADOPTIONS.Connector!.migrate(state("sink"))).toBe("connectClusterName-value/sink");
  // Older state without the input: the kind's default Connect cluster.
  const older: DynamicState = { id: "sink", input: (key, fallback) => fallback ?? key };
  expect(ADOPTIONS.ConnectorSecret!.migrate(older)).toBe("redpanda/sink");
});
