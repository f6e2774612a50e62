import { everyScreen } from "./routes-screens.suite.ts";

// Every screen in Norwegian (tests/e2e/routes-screens.suite.ts).
everyScreen("nb");
