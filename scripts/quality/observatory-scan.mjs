/**
 * The MDN HTTP Observatory's own tests and grading against a host on given ports; run as a child
 * process by observatory.ts (NODE_EXTRA_CA_CERTS names the local certificate, read only when a
 * process starts). The package's `scan()` always uses ports 80/443, so this does what it does
 * with `retrieve(hostname, { httpPort, httpsPort })`: every test of ALL_TESTS, its modifier,
 * extra credit only above MINIMUM_SCORE_FOR_EXTRA_CREDIT. Prints one JSON object.
 *
 *   node scripts/quality/observatory-scan.mjs <hostname> <httpPort> <httpsPort>
 */
import { ALL_TESTS } from "@mdn/mdn-http-observatory/src/constants.js";
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from "@mdn/mdn-http-observatory/src/grader/charts.js";
import {
  getGradeForScore,
  getScoreDescription,
  getScoreModifier,
} from "@mdn/mdn-http-observatory/src/grader/grader.js";
import { retrieve } from "@mdn/mdn-http-observatory/src/retriever/retriever.js";

const [hostname = "localhost", httpPort, httpsPort] = process.argv.slice(2);

const requests = await retrieve(hostname, {
  httpPort: Number(httpPort),
  httpsPort: Number(httpsPort),
});
const auto = requests.responses.auto;
if (!auto) throw new Error("The site did not answer over http or https.");
if (auto.status < 200 || (auto.status >= 400 && ![401, 403].includes(auto.status))) {
  throw new Error(`The site answered ${auto.status}.`);
}

let withExtraCredit = 100;
let uncurved = 100;
const tests = ALL_TESTS.map((test) => {
  const output = test(requests);
  const modifier = output.result ? getScoreModifier(output.result) : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  return {
    name: output.constructor.name,
    pass: output.pass,
    result: output.result,
    modifier,
    description: getScoreDescription(output.result)
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  };
});
const { score, grade } = getGradeForScore(
  uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
);

console.log(
  JSON.stringify({
    url: requests.session?.url.href ?? null,
    status: auto.status,
    score,
    grade,
    tests,
    headers: auto.headers,
  }),
);
