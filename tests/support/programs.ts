/**
 * Pieces of the plain-JavaScript programs the e2e tests run. `dedicatedCluster` declares `rg`,
 * `net` and `cluster` (an AWS Dedicated cluster on its own network), names prefixed with `prefix`.
 */
export function dedicatedCluster(prefix: string, cidrBlock: string, clusterExtra = ""): string {
  return `
const rg = new redpanda.ResourceGroup("rg", { name: "${prefix}" });
const net = new redpanda.Network("net", {
  name: "${prefix}-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS", region: "us-east-1",
  cidrBlock: "${cidrBlock}", clusterType: "TYPE_DEDICATED",
});
const cluster = new redpanda.Cluster("cluster", {
  name: "${prefix}-cluster", resourceGroupId: rg.id, networkId: net.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-1", zones: ["use1-az1"], throughputTier: "tier-1-aws-v3-arm", type: "TYPE_DEDICATED",
  ${clusterExtra}
});
`;
}
