// The one reading of a request URL every emulator hook uses: plane, contract path, cluster, and
// which of the emulator's own routes it is.
import { requestPath } from "../../../emulator/dataplane";

it("strips the data-plane prefix and names the cluster", () => {
  expect(requestPath("/dp/c1abc/v1/topics/orders?x=1")).toEqual({
    path: "/dp/c1abc/v1/topics/orders",
    plane: "dataplane",
    apiPath: "/v1/topics/orders",
    clusterId: "c1abc",
    registry: false,
    admin: false,
    meta: false,
    internal: false,
  });
});

it("leaves control-plane paths as they are", () => {
  expect(requestPath("/v1/clusters/c1?page_size=2")).toMatchObject({
    path: "/v1/clusters/c1",
    plane: "controlplane",
    apiPath: "/v1/clusters/c1",
    clusterId: undefined,
  });
});

it("tells the registry, the admin API, the agent hook and the token endpoint apart", () => {
  const kinds = (url: string) => {
    const p = requestPath(url);
    return [p.registry, p.admin, p.meta, p.internal];
  };
  expect(kinds("/sr/c1/subjects")).toEqual([true, false, false, false]);
  expect(kinds("/_admin/faults")).toEqual([false, true, true, true]);
  expect(kinds("/_emulator/byoc/c1/apply")).toEqual([false, false, true, true]);
  expect(kinds("/oauth/token")).toEqual([false, false, true, false]);
  expect(kinds("/oauth/token?x")).toEqual([false, false, true, false]);
  expect(kinds("/_other")).toEqual([false, false, false, true]);
});

it("keeps a prefix without a cluster on the data plane, unstripped", () => {
  expect(requestPath("/dp/")).toMatchObject({ plane: "dataplane", apiPath: "/dp/" });
});
