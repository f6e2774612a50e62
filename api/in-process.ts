import type { Plugin } from "graphql-yoga";
import { processRegularResult } from "graphql-yoga";

/**
 * The storefront's own GraphQL calls, made in the same process (server/app.ts, decision 0077): the same Yoga
 * pipeline as a call over HTTP — every plugin (API key, persisted queries, admission and cost limits, the response
 * cache, localized errors, the status rules), the same context, the same answer and status — without the two
 * copies through web streams that an HTTP-shaped call costs: the request's JSON is handed to Yoga's JSON parser as
 * text (no body stream), and the answer's JSON comes back as the text Yoga made (no body stream to read it from).
 */

/** Marks a request built here: only code in this process can set a symbol property, no HTTP client can. */
const IN_PROCESS = Symbol("mili.graphql.inProcess");

/**
 * A POST whose body is the JSON text given, already parsed: what Yoga and the API's plugins read of a request —
 * method, URL, headers (a real Headers), `json()` and `text()` — without a web Request's construction (URL and
 * header validation, an abort signal and its listener, a body stream). Built only for text that parses
 * (postInProcess); text that does not is sent as a real Request, so its error is the one a body stream gives.
 * It has no body stream (`body` null, as a body-less Request's) and no abort signal: the storefront's calls never
 * had one to abort with.
 */
export class InProcessRequest {
  readonly method = "POST";
  readonly url: string;
  readonly headers: Headers;
  readonly body = null;
  readonly bodyUsed = false;
  readonly signal = undefined;
  readonly [IN_PROCESS] = true;
  readonly #text: string;
  readonly #json: unknown;
  constructor(url: string, headers: Record<string, string>, text: string, json: unknown) {
    this.url = url;
    this.headers = new Headers(headers);
    this.#text = text;
    this.#json = json;
  }
  text(): Promise<string> {
    return Promise.resolve(this.#text);
  }
  json(): Promise<unknown> {
    return Promise.resolve(this.#json);
  }
}

/** An answer holding Yoga's JSON text as it is: `text()` gives it back without a stream. */
class TextResponse extends Response {
  readonly #text: string;
  constructor(text: string, init?: ResponseInit) {
    super(null, init);
    this.#text = text;
  }
  override text(): Promise<string> {
    return Promise.resolve(this.#text);
  }
  override json(): Promise<unknown> {
    try {
      return Promise.resolve(JSON.parse(this.#text));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

/** Yoga's Response class replaced by TextResponse for the regular (JSON) answer of an in-process request. */
const textFetchApi = <T extends { Response: typeof Response }>(fetchAPI: T): T => ({
  ...fetchAPI,
  Response: TextResponse as unknown as typeof Response,
});

/**
 * After Yoga's own choice of result processor: an in-process request that asked for `application/json` and got
 * Yoga's regular JSON processor gets the same processor, with the same media type, building a TextResponse. Any
 * other request, or any other choice (an error's 406, a stream), is left as Yoga made it — the in-process caller
 * reads a real Response's text as well, just with one copy more.
 */
export function useInProcessAnswers(): Plugin {
  return {
    onResultProcess({ request, resultProcessor, setResultProcessor }) {
      if (!(request as unknown as Partial<InProcessRequest>)[IN_PROCESS]) return;
      if (resultProcessor !== processRegularResult) return;
      if (request.headers.get("accept") !== "application/json") return;
      setResultProcessor(
        (result, fetchAPI, mediaType) => processRegularResult(result, textFetchApi(fetchAPI), mediaType),
        "application/json",
      );
    },
  };
}

/** The in-process transport's answer: the HTTP status Yoga chose and its JSON text. */
export interface InProcessAnswer {
  status: number;
  text: string;
}

/**
 * Posts one GraphQL request (its JSON text and headers) through `fetch` — the API's own handler, with the caller's
 * server context — as an InProcessRequest, and answers the status and text.
 */
export async function postInProcess(
  fetch: (request: Request) => Promise<Response>,
  url: string,
  text: string,
  headers: Record<string, string>,
): Promise<InProcessAnswer> {
  let json: unknown;
  let request: Request;
  try {
    json = JSON.parse(text);
    request = new InProcessRequest(url, headers, text, json) as unknown as Request;
  } catch {
    request = new Request(url, { method: "POST", headers, body: text });
  }
  const response = await fetch(request);
  return { status: response.status, text: await response.text() };
}
