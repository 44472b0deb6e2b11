/**
 * A data-plane resource whose cluster is gone: once a cluster is deleted (out of band, or by this
 * stack earlier in the run) its data-plane host no longer answers, and without this rule refresh
 * and destroy of its topics, users and ACLs fail for ever (Terraform drops them, commit 3e014b7).
 *
 * Silence alone proves nothing (a network failure, a 5xx, a timeout): when the data plane does not
 * answer, the control plane is asked about the cluster named in the address — through the one
 * cluster finder (find-cluster.ts, over the cluster kinds' readers), which the registry hands to
 * each lifecycle. Only its answer that the cluster does not exist (every cluster kind's 404) or is
 * being deleted drops the resource; anything else — a refusal to say included — keeps it and the
 * operation fails saying why.
 */
import type { ClusterFinder } from "./find-cluster";
import { clusterIdOf, normalizeApiUrl } from "../transport/endpoint";
import { DeadlineError } from "../errors";
import { classify } from "../retry/whether";
import type { Clients } from "../transport/settings";

/** The inputs that bind a resource to a cluster's address. */
const ADDRESS_KEYS = ["dataplaneApiUrl", "schemaRegistryUrl"];

/**
 * The cluster address among a kind's inputs, if it declares one: a cluster's own outputs carry
 * these names too, and must not make a control-plane kind look like a data-plane one.
 */
export function addressKeyOf(inputKeys: readonly string[]): string | undefined {
  return ADDRESS_KEYS.find((k) => inputKeys.includes(k));
}

/**
 * The request got no usable answer, as the retry table classes it (retry/whether.ts): nothing came
 * back, the host never answered, or a gateway said the host is not there (502, 503, 504).
 */
export function noAnswer(err: unknown): boolean {
  const e = err instanceof DeadlineError ? err.lastError : err;
  const c = classify(e);
  return c === "no-answer" || c === "unreachable" || c === "unavailable";
}

export interface ClusterVerdict {
  gone: boolean;
  /** What the control plane said, for the log line or the error. */
  why: string;
  /** Whether the control plane answered (a failed question may be asked again). */
  answered: boolean;
}

/** One question per cluster and set of clients: a refresh of 1,000 topics asks once. */
const askedBy = new WeakMap<Clients, Map<string, Promise<ClusterVerdict>>>();

/** Whether the control plane says the cluster behind `address` no longer exists. */
export function clusterVerdict(
  address: string,
  find: ClusterFinder | undefined,
  clientsOf: () => Clients,
): Promise<ClusterVerdict> {
  const id = clusterIdOf(address);
  if (id === undefined || find === undefined) {
    const why =
      id === undefined
        ? `its address ${normalizeApiUrl(address)} names no cluster id to ask the control plane about`
        : `no cluster kind is served to ask the control plane about cluster ${id}`;
    return Promise.resolve({ gone: false, answered: false, why });
  }
  const clients = clientsOf();
  const asked = askedBy.get(clients) ?? new Map<string, Promise<ClusterVerdict>>();
  askedBy.set(clients, asked);
  let verdict = asked.get(id);
  if (!verdict) {
    verdict = ask(id, find, clients);
    asked.set(id, verdict);
    // A failed question may be asked again by the next resource: only answers are kept.
    void verdict.then((v) => {
      if (!v.answered) asked.delete(id);
    });
  }
  return verdict;
}

async function ask(id: string, find: ClusterFinder, clients: Clients): Promise<ClusterVerdict> {
  try {
    const facts = await find(clients, id);
    if (facts === undefined)
      return { gone: true, answered: true, why: `the control plane has no cluster ${id}` };
    const why = `the control plane reports cluster ${id} as ${facts.state}`;
    return { gone: facts.going, answered: true, why };
  } catch (err) {
    return {
      gone: false,
      answered: false,
      why: `the control plane could not say whether cluster ${id} exists (${(err as Error).message.split("\n")[0]})`,
    };
  }
}
