// Stored state decoded by the kind's declaration (provider/declare/state.ts): what the lifecycle's
// read, update, delete and diff hand a kind's spec. States written by earlier releases (the saved
// stack export of a dynamic-providers stack) decode with nothing dropped; an output stored in a
// shape the declaration no longer has is left out instead of failing the resource.
import exported from "../../support/fixtures/dynamic-stack-export.json";
import { KINDS } from "../../../provider/kinds/registry";
import { decodeState } from "../../../provider/declare/state";
import { clusterKind } from "../../../provider/kinds/cluster/kind";

const dynamic = exported.deployment.resources.filter((r) =>
  r.type.startsWith("pulumi-nodejs:dynamic/redpanda:"),
);

it("decodes every saved resource of a dynamic-providers stack with nothing dropped", () => {
  expect(dynamic.length).toBeGreaterThanOrEqual(10);
  for (const r of dynamic) {
    const type = r.type.split(":").pop()!;
    const kind = Object.values(KINDS).find((k) => k.type === type);
    expect(kind).toBeDefined();
    const outputs = r.outputs as Record<string, unknown>;
    const { state, dropped } = decodeState(kind!, outputs);
    expect({ type, dropped }).toEqual({ type, dropped: [] });
    // Undeclared keys (the type marker, the shim) pass as stored.
    expect(state).toEqual(expect.objectContaining({ _rpType: type, id: outputs.id }));
  }
});

it("leaves out an output stored in another shape, and keeps everything else as stored", () => {
  const stored = {
    _rpType: "Cluster",
    name: "prod",
    id: "c1",
    state: "STATE_READY",
    kafkaSeedBrokers: "broker-0:9092",
    fromALaterRelease: { x: 1 },
  };
  const { state, dropped } = decodeState<typeof clusterKind.fields, Record<string, unknown>>(
    clusterKind,
    stored,
  );
  expect(dropped).toEqual(["kafkaSeedBrokers"]);
  expect(state).toEqual({
    _rpType: "Cluster",
    name: "prod",
    id: "c1",
    state: "STATE_READY",
    fromALaterRelease: { x: 1 },
  });
});
