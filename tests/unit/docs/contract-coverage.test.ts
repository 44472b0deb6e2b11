// Coverage of the vendor's control-plane bodies by the declarations, computed from the contract
// (emulator/contract/, derived from the vendor's OpenAPI): every create field is an input of the
// kind, camelCased; every update field updates in place. A field the vendor adds fails this test.
import * as fs from "node:fs";
import * as path from "node:path";
import { clusterKind } from "../../../provider/kinds/cluster";
import type { Kind } from "../../../provider/kinds/declare";
import { networkKind } from "../../../provider/kinds/network";
import { serverlessClusterKind } from "../../../provider/kinds/serverless-cluster";

const contract = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, "..", "..", "..", "emulator", "contract", "cloud-controlplane.json"),
    "utf8",
  ),
) as {
  components: { schemas: Record<string, { properties: Record<string, { readOnly?: boolean }> }> };
};

const camel = (wire: string) => wire.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** The writable wire fields of a body schema, camelCased (the path id excluded). */
const fieldsOf = (schema: string) =>
  Object.entries(contract.components.schemas[schema]!.properties)
    .filter(([wire, p]) => !p.readOnly && wire !== "id")
    .map(([wire]) => camel(wire));

function coverage(kind: Kind, create: string, update?: string) {
  const creatable = fieldsOf(create);
  const updatable = update ? fieldsOf(update) : [];
  return {
    create: `${creatable.filter((f) => f in kind.fields).length}/${creatable.length}`,
    missing: creatable.filter((f) => !(f in kind.fields)),
    inPlace: `${updatable.filter((f) => kind.fields[f]?.change === "update").length}/${updatable.length}`,
    replacedThoughUpdatable: updatable.filter((f) => kind.fields[f]?.change !== "update"),
    // Every create field the update lacks replaces: nothing is silently ignored.
    notReplaced: creatable.filter(
      (f) => !updatable.includes(f) && kind.fields[f] && kind.fields[f]!.change !== "replace",
    ),
  };
}

it("Cluster: ClusterCreate 28/28 inputs, ClusterUpdate 19/19 in place, the rest replace", () => {
  expect(coverage(clusterKind, "ClusterCreate", "ClusterUpdate")).toEqual({
    create: "28/28",
    missing: [],
    inPlace: "19/19",
    replacedThoughUpdatable: [],
    notReplaced: [],
  });
});

it("Network: NetworkCreate 7/7 inputs; NetworkUpdate carries nothing, so all replace", () => {
  expect(coverage(networkKind, "NetworkCreate", "NetworkUpdate")).toEqual({
    create: "7/7",
    missing: [],
    inPlace: "0/0",
    replacedThoughUpdatable: [],
    notReplaced: [],
  });
});

it("ServerlessCluster: ServerlessClusterCreate 6/6 inputs, ServerlessClusterUpdate 3/3 in place", () => {
  expect(
    coverage(serverlessClusterKind, "ServerlessClusterCreate", "ServerlessClusterUpdate"),
  ).toEqual({
    create: "6/6",
    missing: [],
    inPlace: "3/3",
    replacedThoughUpdatable: [],
    notReplaced: [],
  });
});

it("fails when the vendor adds a field the declaration lacks", () => {
  const schema = contract.components.schemas.ClusterCreate!;
  schema.properties.brand_new_field = {};
  try {
    expect(coverage(clusterKind, "ClusterCreate", "ClusterUpdate").missing).toEqual([
      "brandNewField",
    ]);
  } finally {
    delete schema.properties.brand_new_field;
  }
});
