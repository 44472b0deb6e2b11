/**
 * A data-plane resource whose cluster is gone: once a cluster is deleted (out of band, or by this
 * stack earlier in the run) its data-plane host no longer answers, and without this rule refresh
 * and destroy of its topics, users and ACLs fail for ever (Terraform drops them, commit 3e014b7).
 *
 * Silence alone proves nothing (a network failure, a 5xx, a timeout): when the data plane does not
 * answer, the control plane is asked about the cluster named in the address. Only its answer that
 * the cluster does not exist (404) or is being deleted drops the resource; anything else keeps it
 * and the operation fails saying why.
 */
import { clusterIdOf, normalizeApiUrl } from "../transport/endpoint";
import { ApiError, DeadlineError, isNotFound } from "../errors";
import { getClients } from "./context";
import { getCluster } from "../kinds/cluster/api";
import { getServerlessCluster } from "../kinds/serverless-cluster/api";

/** The cluster states in which its data plane is going or gone. */
const GOING = new Set(["STATE_DELETING", "STATE_DELETING_AGENT", "STATE_DELETED"]);

/** The inputs that bind a resource to a cluster's address. */
const ADDRESS_KEYS = ["dataplaneApiUrl", "schemaRegistryUrl"];

/**
 * The cluster address among a kind's inputs, if it declares one: a cluster's own outputs carry
 * these names too, and must not make a control-plane kind look like a data-plane one.
 */
export function addressKeyOf(inputKeys: readonly string[]): string | undefined {
  return ADDRESS_KEYS.find((k) => inputKeys.includes(k));
}

/** The request got no usable answer: nothing came back, or a gateway said the host is not there. */
export function noAnswer(err: unknown): boolean {
  const e = err instanceof DeadlineError ? err.lastError : err;
  return e instanceof ApiError && [0, 502, 503, 504].includes(e.status);
}

export interface ClusterVerdict {
  gone: boolean;
  /** What the control plane said, for the log line or the error. */
  why: string;
  /** Whether the control plane answered (a failed question may be asked again). */
  answered: boolean;
}

/** One question per cluster and process: a refresh of 1,000 topics asks once. */
const asked = new Map<string, Promise<ClusterVerdict>>();

/** Whether the control plane says the cluster behind `address` no longer exists. */
export function clusterVerdict(address: string): Promise<ClusterVerdict> {
  const id = clusterIdOf(address);
  if (id === undefined) {
    return Promise.resolve({
      gone: false,
      answered: false,
      why: `its address ${normalizeApiUrl(address)} names no cluster id to ask the control plane about`,
    });
  }
  let verdict = asked.get(id);
  if (!verdict) {
    verdict = ask(id);
    asked.set(id, verdict);
    // A failed question may be asked again by the next resource: only answers are kept.
    void verdict.then((v) => {
      if (!v.answered) asked.delete(id);
    });
  }
  return verdict;
}

async function ask(id: string): Promise<ClusterVerdict> {
  const cp = getClients().controlPlane;
  const state = async (get: () => Promise<{ state: string }>) => {
    try {
      return (await get()).state;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  };
  try {
    // Dedicated and BYOC clusters, then Serverless: an id is one or the other.
    const s =
      (await state(() => getCluster(cp, id))) ?? (await state(() => getServerlessCluster(cp, id)));
    if (s === undefined)
      return { gone: true, answered: true, why: `the control plane has no cluster ${id}` };
    const why = `the control plane reports cluster ${id} as ${s}`;
    return { gone: GOING.has(s), answered: true, why };
  } catch (err) {
    return {
      gone: false,
      answered: false,
      why: `the control plane could not say whether cluster ${id} exists (${(err as Error).message.split("\n")[0]})`,
    };
  }
}
