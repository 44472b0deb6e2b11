/** Opaque page tokens over a sorted list; the last page has an empty `next_page_token`. */
import { invalid } from "./errors";

export function paginate<T>(
  items: T[],
  query: Record<string, unknown>,
  maxPageSize: number,
  defaultPageSize = maxPageSize,
): { page: T[]; next_page_token: string } {
  const rawSize = query.page_size === undefined ? defaultPageSize : Number(query.page_size);
  const size = rawSize === -1 ? items.length : rawSize;
  if (!Number.isInteger(size) || size < 1 || (rawSize !== -1 && size > maxPageSize)) {
    if (!(rawSize === -1 && items.length === 0)) {
      throw invalid([
        { field: "page_size", description: `value must be between 1 and ${maxPageSize}` },
      ]);
    }
  }
  let offset = 0;
  if (typeof query.page_token === "string" && query.page_token !== "") {
    const decoded = Number(Buffer.from(query.page_token, "base64url").toString("utf8"));
    if (!Number.isInteger(decoded) || decoded < 0) {
      throw invalid([{ field: "page_token", description: "invalid page token" }]);
    }
    offset = decoded;
  }
  const page = items.slice(offset, offset + Math.max(size, 0));
  const next = offset + page.length;
  return {
    page,
    next_page_token: next < items.length ? Buffer.from(String(next)).toString("base64url") : "",
  };
}
