// The public JSON API, as the website uses it: answers with their freshness headers, errors as ApiError.
import {agoText, notice, waitText} from './ui.js';

/** A failed API call: HTTP status (0 when the service could not be reached), the API's code and sentence. */
export class ApiError extends Error {
  constructor(status, code, detail, retryAfter) {
    super(detail || code);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.retryAfter = retryAfter;
  }
}

function intHeader(response, name) {
  const value = Number.parseInt(response.headers.get(name) ?? '', 10);
  return Number.isNaN(value) ? null : value;
}

/**
 * GET path → {status, body, cache, age, retryAfter, missing}. 200 and 202 are answers; every other status throws
 * ApiError. Aborting (navigating away) rejects with the AbortError. `fresh` asks the service even when the browser
 * holds a copy still fresh by its Cache-Control (after a live page was told of a new result).
 */
export async function getJson(path, signal, {fresh = false} = {}) {
  let response;
  try {
    response = await fetch(path, {headers: {Accept: 'application/json'}, signal, cache: fresh ? 'no-cache' : 'default'});
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', '', null);
  }
  let body = null;
  try {
    body = await response.json();
  } catch (error) {
    if (error.name === 'AbortError') throw error;
  }
  const retryAfter = intHeader(response, 'Retry-After');
  if (response.status !== 200 && response.status !== 202) {
    throw new ApiError(response.status, body?.code ?? `HTTP_${response.status}`, body?.error ?? '', retryAfter);
  }
  return {
    status: response.status,
    body,
    cache: response.headers.get('X-Cache'),
    age: intHeader(response, 'Age'),
    retryAfter,
    missing: intHeader(response, 'X-Bulk-Missing'),
  };
}

/** Sends `body` as JSON with `method` (POST, DELETE) → the status; a status other than 2xx throws ApiError. */
export async function sendJson(method, path, body) {
  let response;
  try {
    response = await fetch(path, {method, headers: {Accept: 'application/json', 'Content-Type': 'application/json'},
      body: JSON.stringify(body)});
  } catch {
    throw new ApiError(0, 'NETWORK', '', null);
  }
  if (response.ok) return response.status;
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    // an error without the API's JSON: its status says enough
  }
  throw new ApiError(response.status, answer?.code ?? `HTTP_${response.status}`, answer?.error ?? '',
    intHeader(response, 'Retry-After'));
}

/** The parameters that name a release to /api and the bulk endpoints. */
export const EXAM_KEYS = ['degree', 'examCode', 'etype', 'type', 'result', 'grad'];

/**
 * The parameters of a release object of /new/…: those of its link on the university's list, which carry everything
 * the university needs (postgraduate releases' grad=pg too); the object's own fields when it has no link.
 */
export function releaseParams(release) {
  const params = {};
  let query = null;
  try {
    query = release.links?.length ? new URL(release.links[0]).searchParams : null;
  } catch {
    query = null;
  }
  for (const key of EXAM_KEYS) {
    const value = query ? query.get(key) : release[key];
    if (value !== null && value !== undefined && value !== '') params[key] = value;
  }
  return params;
}

/** A notice for an answer that is the last good copy (X-Cache: STALE), or null for a fresh one. */
export function staleNotice(...answers) {
  const stale = answers.filter((answer) => answer && answer.cache === 'STALE');
  if (stale.length === 0) return null;
  const age = Math.max(...stale.map((answer) => answer.age ?? 0));
  return notice('warning', 'The university\'s result site is not answering right now.',
    `Showing a saved copy from ${agoText(age)}; results published since then are not in it.`,
    {dataset: {notice: 'stale'}});
}

/**
 * The message a person should read for a failed call: `invalid` is the sentence for a 400, `notFound` for a 404
 * (`notFoundDetail`: followed by the service's own sentence, which says why, e.g. a batch before the first served year).
 */
export function errorNotice(error, {notFound, invalid, notFoundDetail = false} = {}) {
  const attributes = {dataset: {errorCode: error.code, status: String(error.status)}};
  switch (error.status) {
    case 400:
      return notice('error', invalid ?? 'The request is not valid.', error.detail, attributes);
    case 404:
      return notice('error', notFound ?? 'Nothing was found.', notFoundDetail ? error.detail || null : null, attributes);
    case 429:
      return notice('error', 'Too many requests from your network just now.',
        `Please wait and try again ${waitText(error.retryAfter)}.`, attributes);
    case 502:
      return notice('error', 'The university\'s result site sent a page that could not be read.',
        'Please try again in a few minutes.', attributes);
    case 503:
      return notice('error', 'The university\'s result site is not answering, and there is no saved copy of this yet.',
        `Please try again ${waitText(error.retryAfter)}.`, attributes);
    case 0:
      return notice('error', 'The results service could not be reached.', 'Check your connection and try again.', attributes);
    default:
      return notice('error', `Something went wrong (${error.status}).`, 'Please try again later.', attributes);
  }
}
