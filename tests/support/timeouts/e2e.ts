// E2E tests drive the real Pulumi CLI; one `pulumi up` takes seconds, a scenario a few minutes.
jest.setTimeout(10 * 60_000);
