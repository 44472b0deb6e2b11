import { ApiError, isAlreadyExists, isNotFound, redactText } from "../../../provider/errors";
import { isTransient } from "../../../provider/retry/whether";

describe("ApiError", () => {
  it("names the request, the API code, reason and field violations", () => {
    const err = new ApiError({
      status: 400,
      code: "INVALID_ARGUMENT",
      reason: "REASON_INVALID_INPUT",
      apiMessage: "provided parameters are invalid",
      method: "POST",
      path: "/v1/networks",
      fieldViolations: [{ field: "network.cidr_block", description: "overlaps network abc" }],
    });
    expect(err.message).toBe(
      "POST /v1/networks failed: HTTP 400 INVALID_ARGUMENT (REASON_INVALID_INPUT): provided parameters are invalid\n  - network.cidr_block: overlaps network abc",
    );
    expect(err.name).toBe("ApiError");
  });

  it("never carries a bearer token or a secret query parameter", () => {
    const err = new ApiError({
      status: 401,
      code: "UNAUTHENTICATED",
      apiMessage: "token Bearer abc.def.ghi is invalid",
      method: "GET",
      path: "/v1/x?access_token=sekrit&page_size=1",
    });
    expect(err.message).not.toContain("abc.def.ghi");
    expect(err.message).not.toContain("sekrit");
    expect(err.path).toBe("/v1/x?access_token=[REDACTED]&page_size=1");
    expect(err.message).toContain("redpanda:accessToken");
    expect(redactText("Authorization: Bearer xyz")).toBe("Authorization: Bearer [REDACTED]");
  });

  it("classifies by status and code, never by message text", () => {
    const notFoundText = new ApiError({
      status: 500,
      code: "INTERNAL",
      apiMessage: "cluster not found",
      method: "GET",
      path: "/",
    });
    expect(isNotFound(notFoundText)).toBe(false);
    expect(
      isNotFound(
        new ApiError({ status: 404, code: "NOT_FOUND", apiMessage: "", method: "GET", path: "/" }),
      ),
    ).toBe(true);
    expect(
      isAlreadyExists(
        new ApiError({
          status: 409,
          code: "ALREADY_EXISTS",
          apiMessage: "",
          method: "POST",
          path: "/",
        }),
      ),
    ).toBe(true);
    expect(
      isTransient(
        new ApiError({
          status: 0,
          code: "UNAVAILABLE",
          apiMessage: "reset",
          method: "GET",
          path: "/",
        }),
      ),
    ).toBe(true);
    expect(
      isTransient(
        new ApiError({
          status: 409,
          code: "ALREADY_EXISTS",
          apiMessage: "",
          method: "GET",
          path: "/",
        }),
      ),
    ).toBe(false);
    expect(isTransient(new Error("503"))).toBe(false);
  });
});
