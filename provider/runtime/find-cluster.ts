/**
 * One cluster by id, whatever its kind: the one finder behind both questions asked of a cluster id
 * alone — an import's `<clusterId>/<rest>` (its URLs, plugin/import-ids.ts) and the vanished-cluster
 * rule (whether it is gone, cluster-gone.ts). The registry hands it the cluster kinds' readers
 * (`Adoption.cluster`: Dedicated and BYOC, then Serverless); nothing in an id says its kind, so each
 * kind's route is asked in turn until one has it.
 *
 * A route's refusal:
 * - NOT_FOUND: no cluster of this kind; ask the next kind.
 * - PERMISSION_DENIED: not this kind either, as far as it says; ask the next kind. The live
 *   `GET /v1/clusters/{id}` answers PERMISSION_DENIED for a Serverless cluster's id, an authz
 *   boundary (the id belongs to the other service): redpanda-data/terraform-provider-redpanda,
 *   .claude/skills/resolve-redpanda-bug/SKILL.md, "Error-CODE parity", whose provider falls back
 *   to the Serverless route there. The emulator answers the same (emulator/routes/cluster.ts).
 * - Anything else (a 5xx after the retries, no answer): the question is not answered; thrown.
 *
 * The outcome: the first kind that has it gives its facts; every kind said NOT_FOUND, it does not
 * exist (undefined). No kind has it and some kind said PERMISSION_DENIED: not known, thrown. Only a
 * kind's own route can say a cluster of that kind is absent: the Serverless route answers NOT_FOUND
 * for the id of a Dedicated cluster that exists (emulator/routes/serverless-cluster.ts), so beside
 * the Dedicated route's PERMISSION_DENIED it says nothing of a Dedicated cluster the account may
 * not read, and taking that for absent would drop a live cluster's topics from the state over a
 * missing role. (The Terraform provider takes PERMISSION_DENIED on a cluster GET for "gone" only
 * in the cluster's own delete wait.) A deleted cluster still reads as absent: once its delete
 * operation completes, its kind's GET answers 404 as for any id it does not hold (the
 * control-plane API's delete steps; the cluster kinds' own delete waits end on NOT_FOUND), and
 * both of the emulator's routes answer NOT_FOUND for an id they do not hold.
 */
import type { Adoption, ClusterFacts } from "../declare/adopt";
import { RedpandaError, isNotFound, isPermissionDenied } from "../errors";
import type { Clients } from "../transport/settings";

/** One cluster by id, as the cluster kinds find it; undefined when every kind says it has none. */
export type ClusterFinder = (clients: Clients, id: string) => Promise<ClusterFacts | undefined>;

const firstLine = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split("\n")[0]!;

/** The finder over the cluster kinds among `kinds` (by type name, in the registry's order). */
export function clusterFinder(kinds: Readonly<Record<string, Adoption>>): ClusterFinder {
  const readers = Object.entries(kinds).flatMap(([type, a]) =>
    a.scope === "organization" && a.cluster ? [{ type, read: a.cluster }] : [],
  );
  return async (clients, id) => {
    const refused: string[] = [];
    for (const { type, read } of readers) {
      try {
        return await read(clients, id);
      } catch (err) {
        if (isNotFound(err)) continue;
        if (!isPermissionDenied(err)) throw err;
        refused.push(`${type}: ${firstLine(err)}`);
      }
    }
    if (refused.length === 0) return undefined;
    throw new RedpandaError(
      `no cluster kind has cluster ${id}, and the control plane refused to say for ` +
        `${refused.join("; ")} — the account may lack a role to read it`,
    );
  };
}
