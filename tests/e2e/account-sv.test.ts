import { accountSuite } from "./account.suite.ts";

// The accounts' browser tests in Swedish (tests/e2e/account.suite.ts).
accountSuite("sv");
