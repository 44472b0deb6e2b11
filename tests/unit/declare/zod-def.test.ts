// zod keeps a schema's definition at `_zod.def`, outside its documented API: these are the parts
// the wire mapping and the generators read, checked against the zod this package installs.
import * as z from "zod";
import { def } from "../../../provider/declare/zod-def";

it("reads each definition part the walkers use", () => {
  const inner = z.string();
  expect(def(inner.optional())).toMatchObject({ type: "optional", innerType: inner });
  expect(def(z.array(inner))).toMatchObject({ type: "array", element: inner });
  expect(def(z.record(z.string(), inner))).toMatchObject({ type: "record", valueType: inner });
  expect(def(z.object({ a: inner })).shape).toEqual({ a: inner });
  expect(def(z.union([inner, z.number()])).options).toHaveLength(2);
  expect(def(inner.default("x"))).toMatchObject({ type: "default", defaultValue: "x" });
  expect(def(inner.transform((s) => s.length)).in).toBe(inner);
});
