import { closestName, distance } from "../../../provider/runtime/closest";

it("measures edit distance", () => {
  expect(distance("kitten", "sitting")).toBe(3);
  expect(distance("", "abc")).toBe(3);
  expect(distance("tags", "tags")).toBe(0);
  expect(distance("nmae", "name")).toBe(1);
});

it.each([
  ["tag", ["tags", "name"], "tags"],
  ["nmae", ["tags", "name"], "name"],
  ["DisplayName", ["displayName", "description"], "displayName"],
  ["partitions", ["partitionCount", "name"], undefined],
  ["colour", ["name", "size"], undefined],
  ["x", [], undefined],
])("closest to %s among %j is %s", (name, candidates, expected) => {
  expect(closestName(name, candidates)).toBe(expected);
});
