// The pack reads the package's kinds from the plugin schema and knows a resource's kind through
// either front door; every rule's kinds and inputs are declared by the package.
import { TYPE_KEY } from "../../../provider/runtime/shim";
import { dataKinds, kindOf } from "../../../provider/policy/kinds";
import { kindsOf } from "../../../provider/policy/policies";
import { RULES } from "../../../provider/policy/rules";
import { CATALOG } from "./harness";

it("reads all 25 kinds and their inputs from sdk/schema.json", () => {
  expect(CATALOG.packageName).toBe("redpandacloud");
  expect(CATALOG.inputs.size).toBe(25);
  expect([...(CATALOG.inputs.get("Topic") ?? [])]).toEqual(
    expect.arrayContaining(["partitionCount", "replicationFactor", "configs", "allowDeletion"]),
  );
});

it("knows the kind of a plugin resource by its token and of a dynamic one by its marker", () => {
  expect(kindOf(CATALOG, "redpandacloud:index:Topic", {})).toBe("Topic");
  expect(kindOf(CATALOG, "pulumi-nodejs:dynamic/redpanda:Acl", { [TYPE_KEY]: "Acl" })).toBe("Acl");
  // A hand-written dynamic resource with the marker, and others that are not ours.
  expect(kindOf(CATALOG, "pulumi-nodejs:dynamic:Resource", { [TYPE_KEY]: "User" })).toBe("User");
  expect(kindOf(CATALOG, "pulumi-nodejs:dynamic:Resource", {})).toBeUndefined();
  expect(kindOf(CATALOG, "redpandacloud:index:Nope", {})).toBeUndefined();
  expect(kindOf(CATALOG, "aws:s3/bucket:Bucket", { [TYPE_KEY]: "Topic" })).toBeUndefined();
});

it("the kinds that hold data are those that declare allowDeletion", () => {
  expect(dataKinds(CATALOG).sort()).toEqual([
    "Cluster",
    "Schema",
    "ServerlessCluster",
    "ShadowLink",
    "Topic",
    "Transform",
  ]);
});

it("every rule checks kinds the package declares, with inputs they declare", () => {
  for (const rule of RULES) expect(kindsOf(rule, CATALOG).length).toBeGreaterThan(0);
  const renamed = { ...RULES[0]!, reads: ["replicationFactorr"] };
  expect(() => kindsOf(renamed, CATALOG)).toThrow(
    "policy topic-min-replication-factor: none of Topic declares replicationFactorr",
  );
  expect(() => kindsOf({ ...RULES[0]!, kinds: ["Topics"] }, CATALOG)).toThrow(
    "the package declares no kind Topics",
  );
});
