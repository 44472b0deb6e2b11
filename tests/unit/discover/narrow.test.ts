// Discovery's pure parts (provider/discover/): which objects a narrowing keeps, from what the
// listers say of each (its group, its cluster; a group is in itself, a cluster on itself), and the
// import file's names (readable, unique, the kind added on a collision).
import type { Found } from "../../../provider/discover/walk";
import { importFileOf } from "../../../provider/discover/discover";
import { inside, narrowingOf } from "../../../provider/discover/narrow";

const found = (kind: string, importId: string, name: string, more = {}): Found => ({
  kind,
  listed: { importId, name, internal: false, ...more },
});
const addresses = { dataplaneApiUrl: "https://dp", schemaRegistryUrl: "" };

const RG_A = found("ResourceGroup", "rg-a", "team-a", { resourceGroupId: "rg-a" });
const RG_B = found("ResourceGroup", "rg-b", "team-b", { resourceGroupId: "rg-b" });
const NET = found("Network", "net-1", "net", { resourceGroupId: "rg-a" });
const C1 = found("Cluster", "c1", "prod", { resourceGroupId: "rg-a", clusterId: "c1", addresses });
const C2 = found("ServerlessCluster", "c2", "dev", {
  resourceGroupId: "rg-b",
  clusterId: "c2",
  addresses,
});
const LINK = found("ShadowLink", "sl-1", "mirror", { clusterId: "c1" });
const SA = found("ServiceAccount", "sa-1", "ci");
const ORGANIZATION = [RG_A, RG_B, NET, C1, C2, LINK, SA];
const TOPIC_1 = found("Topic", "c1/orders", "orders", { clusterId: "c1" });
const TOPIC_2 = found("Topic", "c2/orders", "orders", { clusterId: "c2" });
const clusters = new Map([
  ["c1", C1],
  ["c2", C2],
]);

function kept(asked: { resourceGroups?: string[]; clusters?: string[] }): string[] {
  const n = narrowingOf(ORGANIZATION, { resourceGroups: [], clusters: [], ...asked });
  return [...ORGANIZATION, TOPIC_1, TOPIC_2]
    .filter((f) => inside(n, f, clusters))
    .map((f) => f.listed.importId);
}

describe("narrowing", () => {
  it("keeps everything when nothing is asked", () => {
    expect(kept({})).toHaveLength(9);
  });

  it("keeps a resource group's own objects and those on its clusters, by id or name", () => {
    const a = ["rg-a", "net-1", "c1", "sl-1", "c1/orders"];
    expect(kept({ resourceGroups: ["rg-a"] })).toEqual(a);
    expect(kept({ resourceGroups: ["team-a"] })).toEqual(a);
    expect(kept({ resourceGroups: ["team-a", "rg-b"] })).toEqual([
      "rg-a",
      "rg-b",
      "net-1",
      "c1",
      "c2",
      "sl-1",
      "c1/orders",
      "c2/orders",
    ]);
  });

  it("keeps a cluster, what is on it, and its shadow links", () => {
    expect(kept({ clusters: ["c1"] })).toEqual(["c1", "sl-1", "c1/orders"]);
    expect(kept({ clusters: ["dev"] })).toEqual(["c2", "c2/orders"]);
  });

  it("keeps what passes both when both are asked", () => {
    expect(kept({ resourceGroups: ["team-b"], clusters: ["c1"] })).toEqual([]);
    expect(kept({ resourceGroups: ["team-a"], clusters: ["c1"] })).toEqual([
      "c1",
      "sl-1",
      "c1/orders",
    ]);
  });

  it("refuses a group or cluster the organization does not have, naming those it has", () => {
    expect(() => kept({ resourceGroups: ["team-c"] })).toThrow(
      'no resource group has the id or name "team-c"; the organization has: "team-a" (rg-a), "team-b" (rg-b)',
    );
    expect(() => kept({ clusters: ["rg-a"] })).toThrow(
      'no cluster has the id or name "rg-a"; the organization has: "prod" (c1), "dev" (c2)',
    );
  });
});

describe("the import file", () => {
  it("names each object after its name, the kind added on a collision, then a number", () => {
    const user = found("User", "c1/orders", "orders", { clusterId: "c1" });
    const acl = found("Acl", "c1/x", "allow User:app read on topic orders", { clusterId: "c1" });
    const file = importFileOf([TOPIC_1, TOPIC_2, user, acl, found("Pipeline", "c1/p", "")]);
    expect(file.resources).toEqual([
      { type: "redpandacloud:index:Topic", name: "orders", id: "c1/orders" },
      { type: "redpandacloud:index:Topic", name: "ordersTopic", id: "c2/orders" },
      { type: "redpandacloud:index:User", name: "ordersUser", id: "c1/orders" },
      { type: "redpandacloud:index:Acl", name: "allowUserAppReadOnTopicOrders", id: "c1/x" },
      { type: "redpandacloud:index:Pipeline", name: "Pipeline", id: "c1/p" },
    ]);
  });
});
