/**
 * What the control- and data-plane clients share: one transport, a base URL, GETs parsed by a
 * schema, and list calls that follow `next_page_token` to the end.
 */
import type { z } from "zod";
import type { Transport } from "../transport/http";
import { pageOf } from "./schemas";

/** Query parameters of a call; arrays repeat the key. */
export type Query = Record<string, string | number | boolean | string[] | undefined>;

export abstract class ApiClient {
  protected constructor(
    protected readonly transport: Transport,
    private readonly base: string,
    /** Items per list page the API allows (control plane 100, data plane 1000). */
    private readonly pageSize: number,
  ) {}

  protected url(path: string): string {
    return `${this.base.replace(/\/+$/, "")}${path}`;
  }

  protected get<T>(path: string, schema: z.ZodType<T>, query?: Query): Promise<T> {
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
  protected async listAll<T>(
    path: string,
    key: string,
    item: z.ZodType<T>,
    query: Query = {},
  ): Promise<T[]> {
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
