// The shared list a refresh's reads come from: one load answers every read within its time to
// live; this process's writes drop it; a failed load is not kept.
import { ListCache } from "../../../provider/transport/dataplane";

function counter(values: (() => Promise<string>)[]) {
  let calls = 0;
  return {
    load: () => values[Math.min(calls++, values.length - 1)]!(),
    calls: () => calls,
  };
}

it("answers every read within its time to live from one load", async () => {
  let now = 0;
  const c = counter([async () => "first", async () => "second"]);
  const s = new ListCache(c.load, 5_000, () => now);
  expect(await Promise.all([s.get(), s.get(), s.get()])).toEqual(["first", "first", "first"]);
  now = 5_000;
  expect(await s.get()).toBe("first");
  expect(c.calls()).toBe(1);
  now = 5_001;
  expect(await s.get()).toBe("second");
  expect(c.calls()).toBe(2);
});

it("loads again after this process wrote to the collection", async () => {
  const c = counter([async () => "before", async () => "after"]);
  const s = new ListCache(c.load, 60_000, () => 0);
  expect(await s.get()).toBe("before");
  s.invalidate();
  expect(await s.get()).toBe("after");
});

it("does not keep a failed load", async () => {
  const c = counter([() => Promise.reject(new Error("503")), async () => "ok"]);
  const s = new ListCache(c.load, 60_000, () => 0);
  await expect(s.get()).rejects.toThrow("503");
  expect(await s.get()).toBe("ok");
  expect(c.calls()).toBe(2);
});
