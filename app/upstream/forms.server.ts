import { z } from "zod";
import { getConfig } from "~/config/config.server";
import type { LangCode } from "~/i18n/languages";
import { upstream } from "./client.server";

/** The services acknowledge posts with a small JSON body whose fields the site does not use. */
const acknowledged = z.unknown();

/**
 * `POST /coms/subscribe/`: the newsletter, with the site's subscription type `{provider}-site`
 * and whether a captcha vouched for the post (`verified: false`: the service should confirm the
 * address before it sends anything else).
 */
export async function subscribe(email: string, lang: LangCode, verified: boolean): Promise<void> {
  await upstream().request({
    method: "POST",
    path: "/coms/subscribe/",
    body: { email, lang, type: `${getConfig().brand.provider}-site`, verified },
    schema: acknowledged,
  });
}

export interface SurveyAnswer {
  /** Which panel: 'Was this helpful?' (`page`) or the downloads one (`download`). */
  kind: "page" | "download";
  /** The page's path without the language prefix, and its language. */
  page: string;
  lang: LangCode;
  helpful: boolean;
  comment?: string;
}

/** `POST /coms/survey/`: a feedback panel's answer. */
export async function sendSurvey(answer: SurveyAnswer): Promise<void> {
  await upstream().request({
    method: "POST",
    path: "/coms/survey/",
    body: answer,
    schema: acknowledged,
  });
}

/** `POST /{provider}/vpn/send/`: a contact message. */
export async function sendContactMessage(message: {
  name: string;
  email: string;
  subject?: string;
  message: string;
  page: string;
  lang: LangCode;
}): Promise<void> {
  await upstream().request({
    method: "POST",
    path: `/${getConfig().brand.provider}/vpn/send/`,
    body: message,
    schema: acknowledged,
  });
}

/** `POST /{provider}/vpn/request-oem/`: an OEM / partner request. */
export async function requestOem(request: {
  company: string;
  name: string;
  email: string;
  website?: string;
  message: string;
  lang: LangCode;
}): Promise<void> {
  await upstream().request({
    method: "POST",
    path: `/${getConfig().brand.provider}/vpn/request-oem/`,
    body: request,
    schema: acknowledged,
  });
}
