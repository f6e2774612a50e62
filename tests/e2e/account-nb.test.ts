import { accountSuite } from "./account.suite.ts";

// The accounts' browser tests in Norwegian (tests/e2e/account.suite.ts).
accountSuite("nb");
