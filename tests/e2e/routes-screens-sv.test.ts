import { everyScreen } from "./routes-screens.suite.ts";

// Every screen in Swedish (tests/e2e/routes-screens.suite.ts).
everyScreen("sv");
