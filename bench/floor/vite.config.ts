import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** The floor's build: React Router's plugin and nothing else (bench/floor.ts builds and serves it). */
export default defineConfig({ plugins: [reactRouter()] });
