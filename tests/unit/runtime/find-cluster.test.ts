// The one cluster finder's rule (provider/runtime/find-cluster.ts): each cluster kind is asked in
// turn; one kind's NOT_FOUND or PERMISSION_DENIED means "ask the next"; the first that has it
// answers; every kind's NOT_FOUND means no such cluster; a PERMISSION_DENIED with no kind having
// it is not known and is thrown, so the vanished-cluster rule keeps the resource. The readers here
// are fakes of our own adoptions (the routes' real answers: the import e2e and integration tests).
import type { Adoption, ClusterFacts, ClusterReader } from "../../../provider/declare/adopt";
import { byId, sameId } from "../../../provider/declare/adopt";
import { ApiError } from "../../../provider/errors";
import { clusterFinder } from "../../../provider/runtime/find-cluster";
import type { Clients } from "../../../provider/transport/settings";

const clients = {} as Clients;
const refusal = (status: number, code: string, path: string) =>
  new ApiError({ status, code, apiMessage: code.toLowerCase(), method: "GET", path });
const facts = (state: string): ClusterFacts => ({
  state,
  going: false,
  dataplaneApiUrl: "https://dp.example.test",
  schemaRegistryUrl: "",
});

/** A cluster kind whose route answers `answer` for any id, counting what it is asked. */
function kind(answer: ClusterFacts | ApiError, asked: string[], name: string): Adoption {
  const cluster: ClusterReader = async (_c, id) => {
    asked.push(`${name} ${id}`);
    if (answer instanceof ApiError) throw answer;
    return answer;
  };
  return { scope: "organization", import: byId, migrate: sameId, list: async () => [], cluster };
}

const notFound = (path: string) => refusal(404, "NOT_FOUND", path);
const denied = (path: string) => refusal(403, "PERMISSION_DENIED", path);
const DEDICATED = "/v1/clusters/c1";
const SERVERLESS = "/v1/serverless/clusters/c1";

/** The finder over a Dedicated kind and a Serverless one (and a kind with no clusters between). */
function finder(dedicated: ClusterFacts | ApiError, serverless: ClusterFacts | ApiError) {
  const asked: string[] = [];
  const find = clusterFinder({
    Cluster: kind(dedicated, asked, "Cluster"),
    Topic: { scope: "dataplane", import: byId, migrate: sameId, list: async () => [] },
    ServiceAccount: { scope: "organization", import: byId, migrate: sameId, list: async () => [] },
    ServerlessCluster: kind(serverless, asked, "ServerlessCluster"),
  });
  return { asked, find: (id = "c1") => find(clients, id) };
}

it("the first kind that has the cluster answers; the next is not asked", async () => {
  const { asked, find } = finder(facts("STATE_READY"), facts("STATE_CREATING"));
  expect(await find()).toEqual(facts("STATE_READY"));
  expect(asked).toEqual(["Cluster c1"]);
});

it.each([
  ["PERMISSION_DENIED (what the vendor answers for a Serverless id)", denied(DEDICATED)],
  ["NOT_FOUND", notFound(DEDICATED)],
])("a Dedicated route's %s asks the Serverless route, which has it", async (_what, answer) => {
  const { asked, find } = finder(answer, facts("STATE_READY"));
  expect(await find()).toEqual(facts("STATE_READY"));
  expect(asked).toEqual(["Cluster c1", "ServerlessCluster c1"]);
});

it("every kind's NOT_FOUND: no such cluster (a deleted one included)", async () => {
  const { asked, find } = finder(notFound(DEDICATED), notFound(SERVERLESS));
  expect(await find()).toBeUndefined();
  expect(asked).toEqual(["Cluster c1", "ServerlessCluster c1"]);
});

it.each([
  [
    "the Dedicated route refused, the Serverless one has none",
    denied(DEDICATED),
    notFound(SERVERLESS),
  ],
  [
    "the Serverless route refused, the Dedicated one has none",
    notFound(DEDICATED),
    denied(SERVERLESS),
  ],
  ["both refused", denied(DEDICATED), denied(SERVERLESS)],
])("not known, thrown, when %s", async (_what, dedicated, serverless) => {
  const { find } = finder(dedicated, serverless);
  const failure = (await find().then(
    () => undefined,
    (e: unknown) => e,
  )) as Error | undefined;
  expect(failure?.message).toMatch(
    /^no cluster kind has cluster c1, and the control plane refused to say for (Cluster|ServerlessCluster): GET \/v1\/.*PERMISSION_DENIED.* the account may lack a role to read it$/,
  );
});

it("any other failure is not an answer: thrown as it came, the next kind not asked", async () => {
  const down = refusal(500, "INTERNAL", DEDICATED);
  const { asked, find } = finder(down, facts("STATE_READY"));
  await expect(find()).rejects.toBe(down);
  expect(asked).toEqual(["Cluster c1"]);
});
