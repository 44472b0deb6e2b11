import { ApiError } from "../../../provider/errors";
import { createOnce } from "../../../provider/retry/create-once";

const refusal = (code: string, reason?: string) =>
  new ApiError({
    status: 400,
    code,
    reason,
    apiMessage: "network n1 already holds cluster c1",
    method: "POST",
    path: "/v1/clusters",
  });

const ONE_PER_NETWORK = "REASON_ONLY_ONE_CLUSTER_PER_NETWORK_ALLOWED";

describe("createOnce with a conflict rule", () => {
  it("takes over a matching object the conflict points at, without creating again", async () => {
    let creates = 0;
    const result = await createOnce({
      describe: 'cluster "c"',
      create: async () => {
        creates++;
        throw refusal("FAILED_PRECONDITION", ONE_PER_NETWORK);
      },
      lookup: async () => ({ id: "c1" }),
      matches: () => true,
      conflict: (err) => err instanceof ApiError && err.reason === ONE_PER_NETWORK,
    });
    expect(result).toEqual({ value: { id: "c1" }, found: true });
    expect(creates).toBe(1);
  });

  it("keeps the API's refusal when nothing matching is found", async () => {
    await expect(
      createOnce({
        describe: 'cluster "c"',
        create: async () => {
          throw refusal("FAILED_PRECONDITION", ONE_PER_NETWORK);
        },
        lookup: async () => undefined,
        matches: () => true,
        conflict: (err) => err instanceof ApiError && err.reason === ONE_PER_NETWORK,
      }),
    ).rejects.toThrow(/already holds cluster c1/);
  });

  it("does not look anything up for other refusals", async () => {
    let lookups = 0;
    await expect(
      createOnce({
        describe: 'cluster "c"',
        create: async () => {
          throw refusal("INVALID_ARGUMENT");
        },
        lookup: async () => {
          lookups++;
          return { id: "c1" };
        },
        matches: () => true,
        conflict: (err) => err instanceof ApiError && err.reason === ONE_PER_NETWORK,
      }),
    ).rejects.toThrow(/HTTP 400/);
    expect(lookups).toBe(0);
  });
});

describe("createOnce after a create that got no answer", () => {
  const noAnswer = () =>
    new ApiError({
      status: 0,
      code: "DEADLINE_EXCEEDED",
      apiMessage: "no response within 2000 ms",
      method: "POST",
      path: "/v1/users",
    });
  const exists = () =>
    new ApiError({
      status: 409,
      code: "ALREADY_EXISTS",
      apiMessage: "user app already exists",
      method: "POST",
      path: "/v1/users",
    });
  const fast = { now: () => 0, sleep: async () => undefined, random: () => 0 };

  it("takes the object its own late create left, even when it cannot be compared", async () => {
    const answers = [noAnswer(), exists()];
    let landed = false;
    const result = await createOnce({
      describe: 'user "app"',
      create: async () => {
        const err = answers.shift()!;
        landed = true; // the first create lands after the client stopped waiting
        throw err;
      },
      lookup: async () => (landed && answers.length === 0 ? { name: "app" } : undefined),
      matches: () => false,
      runtime: fast,
    });
    expect(result).toEqual({ value: { name: "app" }, found: true });
  });

  it("still refuses an existing object when no create of its own went unanswered", async () => {
    await expect(
      createOnce({
        describe: 'user "app"',
        create: async () => {
          throw exists();
        },
        lookup: async () => ({ name: "app" }),
        matches: () => false,
        runtime: fast,
      }),
    ).rejects.toThrow(/user "app" already exists and does not match/);
  });
});
