/**
 * What the control- and data-plane clients share: one transport, a base URL, GETs parsed by a
 * schema, and list calls that follow `next_page_token` to the end. Each kind's calls are functions
 * in provider/kinds/<kind>/api.ts that take a client and use these. A client alone makes each call
 * a logical request of its own; bound to one attempt of an enclosing loop ({@link ApiClient.within}:
 * createOnce and the waiter hand such a client to their callbacks), each request is one send.
 */
import type { z } from "zod";
import type { Transport } from "./http";
import type { Attempt, Budget, Retried } from "../retry/loop";
import { pageOf } from "./zod-shapes";

/** Query parameters of a call; arrays repeat the key. */
export type Query = Record<string, string | number | boolean | string[] | undefined>;

export abstract class ApiClient implements Retried<ApiClient> {
  /** This client outside any attempt: its calls are logical requests of their own. */
  readonly alone: this;

  protected constructor(
    readonly transport: Transport,
    private readonly base: string,
    /** Items per list page the API allows (control plane 100, data plane 1000). */
    private readonly pageSize: number,
  ) {
    this.alone = this;
  }

  /** The budget and progress log of each logical request made through this client. */
  get budget(): Budget {
    return this.transport.budget;
  }

  /**
   * This client inside one attempt of an enclosing retry loop: the same client (its address, its
   * credentials, its shared lists) whose every request is a single send of `attempt`.
   */
  within(attempt: Attempt): this {
    const bound = Object.create(this) as this;
    Object.defineProperty(bound, "transport", { value: this.transport.within(attempt) });
    return bound;
  }

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
