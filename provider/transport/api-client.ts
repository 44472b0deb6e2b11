/**
 * What the control- and data-plane clients share: one transport, a base URL, GETs parsed by a
 * schema, and list calls that follow `next_page_token` to the end. Each kind's calls are functions
 * in provider/kinds/<kind>/api.ts that take a client and use these. A client made on a transport
 * makes each call a logical request of its own; made on a transport bound to one attempt of an
 * enclosing loop (each subclass's `within`, which createOnce and the waiter call to hand such a
 * client to their callbacks), each request is one send of that attempt.
 */
import type { z } from "zod";
import type { Transport } from "./http";
import type { Attempt, Budget, Retried } from "./http";
import { pageOf } from "./zod-shapes";

/** Query parameters of a call; arrays repeat the key. */
export type Query = Record<string, string | number | boolean | string[] | undefined>;

export abstract class ApiClient implements Retried<ApiClient> {
  protected constructor(
    readonly transport: Transport,
    private readonly base: string,
    /** Items per list page the API allows (control plane 100, data plane 1000). */
    private readonly pageSize: number,
  ) {}

  /** The budget and progress log of each logical request made through this client. */
  get budget(): Budget {
    return this.transport.budget;
  }

  /**
   * This client inside one attempt of an enclosing retry loop: a client of the same address,
   * credentials and shared lists, made on the transport bound to `attempt`, whose every request
   * is a single send of that attempt.
   */
  abstract within(attempt: Attempt): ApiClient;

  /** The full URL of an API path. */
  url(path: string): string {
    return `${this.base.replace(/\/+$/, "")}${path}`;
  }

  /** A GET, parsed by `schema`; idempotent, so it may be re-sent. */
  get<T>(path: string, schema: z.ZodType<T>, query?: Query): Promise<T> {
    return this.transport.request({
      method: "GET",
      url: this.url(path),
      query,
      idempotent: true,
      schema,
    });
  }

  /**
   * Follows `next_page_token` to the end, so a read never misses an item on page two (Terraform's
   * #297 phantom deletes came from exactly that).
   */
  async listAll<T>(path: string, key: string, item: z.ZodType<T>, query: Query = {}): Promise<T[]> {
    const out: T[] = [];
    let token = "";
    do {
      const page = await this.get(path, pageOf(key, item), {
        ...query,
        page_size: this.pageSize,
        page_token: token || undefined,
      });
      out.push(...(page.items as T[]));
      token = page.next;
    } while (token);
    return out;
  }
}
