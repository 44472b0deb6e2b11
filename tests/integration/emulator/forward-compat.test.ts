// Forward-compatibility mode: the emulator answers as a newer API would — unknown fields and
// values from no known enum in every message of every response, maps left alone — the answers
// still meet today's contract, and this package's client reads them. (The whole e2e suite runs in
// this mode in the compatibility lane: scripts/compat-lane.sh.)
import { ControlPlaneClient } from "../../../provider/transport/controlplane";
import { DataPlaneClient } from "../../../provider/transport/dataplane";
import { StaticToken } from "../../../provider/transport/auth";
import { Transport } from "../../../provider/transport/http";
import { FUTURE_FIELDS } from "../../../emulator/forward-compat";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../../support/emulator";
import { createResourceGroup } from "../../../provider/kinds/resource-group/api";
import {
  getServerlessCluster,
  listServerlessClusters,
} from "../../../provider/kinds/serverless-cluster/api";
import { getNetwork } from "../../../provider/kinds/network/api";
import { createUser, findUser } from "../../../provider/kinds/user/api";

let t: TestEmulator;
let cp: ControlPlaneClient;
let transport: Transport;

beforeAll(async () => {
  t = await startTestEmulator({ forwardCompat: true, speed: 0 });
  transport = new Transport({ auth: new StaticToken(TOKEN) });
  cp = new ControlPlaneClient(transport, t.emu.url);
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "forward-compat");
});

it("adds unknown fields to every message, wrapper and nested, but not to maps", async () => {
  const rg = (await t.call("POST", "/v1/resource-groups", { resource_group: { name: "fc" } })).body;
  expect(rg).toMatchObject(FUTURE_FIELDS);
  expect(rg.resource_group).toMatchObject({ name: "fc", ...FUTURE_FIELDS });
  const created = await t.call("POST", "/v1/serverless/clusters", {
    serverless_cluster: {
      name: "fc-sls",
      resource_group_id: rg.resource_group.id,
      serverless_region: "us-east-1",
      tags: { team: "a" },
    },
  });
  expect(created.body.operation).toMatchObject(FUTURE_FIELDS);
  const listed = await t.call("GET", "/v1/serverless/clusters");
  const sls = listed.body.serverless_clusters[0];
  expect(sls).toMatchObject({ name: "fc-sls", ...FUTURE_FIELDS });
  // A map's keys are the user's: a newer API does not add to them.
  expect(sls.tags).toEqual({ team: "a" });
});

it("adds an unknown field to error bodies, which keep their code, message and details", async () => {
  const res = await t.call("GET", "/v1/networks/aaaaaaaaaaaaaaaaaaaa");
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ code: "NOT_FOUND", zz_future_note: expect.any(String) });
});

it("is read by the client: known fields as before, unknown ones ignored, unknown values as they are", async () => {
  const group = await createResourceGroup(cp, "fc-client");
  expect(group).toEqual({ id: expect.any(String), name: "fc-client" });
  const clusters = await listServerlessClusters(cp);
  expect(clusters.map((c) => c.name)).toContain("fc-sls");
  await expect(getNetwork(cp, "aaaaaaaaaaaaaaaaaaaa")).rejects.toMatchObject({ code: "NOT_FOUND" });
  // A data-plane answer too: the cluster's data plane speaks the same newer API.
  const sls = clusters.find((c) => c.name === "fc-sls")!;
  const ready = await getServerlessCluster(cp, sls.id);
  const dp = new DataPlaneClient(transport, ready.dataplane_api.url);
  await createUser(dp, {
    name: "fc-user",
    password: "pw-123",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
  });
  expect(await findUser(dp, "fc-user")).toEqual({
    name: "fc-user",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
  });
});
