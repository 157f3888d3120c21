// The first data of a route, requested from index.html while the app's code downloads.
//
// Without it a screen's first GET leaves only once the entry and the screen's chunk have arrived
// and run: on a slow connection the data then waits 1-2 s for code that has nothing to do with
// it. A small inline script reads the connection and the signed-in user from storage the way
// src/lib/session.ts does, sends the route's GETs of src/api/early-requests.ts with exactly the
// headers the client would send (the operation's own credential and no other), and leaves each
// response in `window.__earlyResponses`. The client uses one only for the identical request
// (src/api/early-response.ts); anything else it fetches itself. Real-backend connections only: in
// demo mode the in-browser service is not running yet.
import type { EarlyRequest } from '../src/api/early-requests.ts';
import { EARLY_RESPONSE_MAX_AGE_MS } from '../src/api/early-response.ts';
import { DECODE_PATH, routePattern } from './route-preload.ts';

export interface EarlyTable {
  /** Responses nobody took are dropped after this (they may hold a customer's record). */
  maxAgeMs: number;
  settingsKey: string;
  identityKey: string;
  /** The build's connection (src/lib/build-settings.ts), for what the stored settings lack. */
  build: { baseUrl: string; storeId: string; apiKey: string };
  always: EarlyRequest[];
  /**
   * In the router's order: the route's pattern with a group per param, its params (each with
   * its segment's index in the path), its GETs.
   */
  routes: [pattern: string, params: [name: string, segment: number][], requests: EarlyRequest[]][];
}

/** `/pos/carts/:cartId` -> [`^/pos/carts/([^/]+)/*$`, [['cartId', 3]]] */
export function routeCapture(path: string): [string, [string, number][]] {
  const params = path
    .split('/')
    .flatMap((part, i): [string, number][] => (part.startsWith(':') ? [[part.slice(1), i]] : []));
  return [routePattern(path, true), params];
}

export function earlyTable(
  routes: { path: string }[],
  byRoute: Record<string, EarlyRequest[]>,
  always: EarlyRequest[],
  keys: { settingsKey: string; identityKey: string },
  build: EarlyTable['build'],
): EarlyTable {
  for (const path of Object.keys(byRoute)) {
    if (!routes.some((r) => r.path === path)) {
      throw new Error(`early-requests: ${path} is not a route of src/app/router.tsx`);
    }
  }
  return {
    maxAgeMs: EARLY_RESPONSE_MAX_AGE_MS,
    ...keys,
    build,
    always,
    // every route, so that a route listed earlier in the router wins as it does in the app
    routes: routes.map(({ path }) => [...routeCapture(path), byRoute[path] ?? []]),
  };
}

/**
 * The inline script. Each step mirrors the app: settings as `load()` in src/lib/session.ts reads
 * them, the identity from sessionStorage first, the route matched as react-router does, its params
 * decoded once from the path as `useLastParam` in src/lib/path-param.ts does (the router's own
 * params are decoded twice) and encoded as `seg`, the URL as `storefrontUrl`, the headers as `buildHeaders` in src/api/client.ts (a test compares the
 * requests with the app's own). A request it gets wrong is only wasted: the client takes a
 * response only for the identical request.
 */
export function earlyRequestScript(table: EarlyTable): string {
  return `(function(t,p){try{
function rd(n,k){try{var v=JSON.parse(window[n].getItem(k)||'null');return v&&typeof v==='object'?v:null}catch(e){return null}}
function str(v){return typeof v==='string'?v:''}
${DECODE_PATH}
function enc(v){return encodeURIComponent(/^\\.\\.?$/.test(v)?v.replace(/\\./g,'%2E'):v)}
var st=rd('localStorage',t.settingsKey),b=st&&str(st.baseUrl)||t.build.baseUrl,sid=st&&str(st.storeId)||t.build.storeId,key=st?str(st.apiKey):t.build.apiKey;
if(!/^https?:\\/\\//i.test(b))return;
function who(n){var v=rd(n,t.identityKey);return v&&str(v.accessToken)?v:null}
var id=who('sessionStorage')||who('localStorage'),tok=id?str(id.accessToken):'',uid=id?str(id.userId):'';
var reqs=t.always.slice(),ps={};
var d=dp(p),raw=p.split('/');
for(var i=0;i<t.routes.length;i++){var m=new RegExp(t.routes[i][0],'i').exec(d);if(m){for(var j=0;j<t.routes[i][1].length;j++){var pr=t.routes[i][1][j],v;try{v=decodeURIComponent(raw[pr[1]])}catch(e){v=m[j+1].replace(/%2F/g,'/')}ps[pr[0]]=v}reqs=reqs.concat(t.routes[i][2]);break}}
ps.userId=uid;
var out=window.__earlyResponses=window.__earlyResponses||[];
setTimeout(function(){if(window.__earlyResponses===out)delete window.__earlyResponses},t.maxAgeMs);
reqs.forEach(function(q){
var miss=false,path=q.path.replace(/:(\\w+)/g,function(x,n){var v=ps[n];if(!v)miss=true;return enc(v||'')});
var h={Accept:'application/json'};
if(q.staff&&(!id||id.role==='customer'))return;
if(q.credential==='bearer'){if(!tok)return;h.Authorization='Bearer '+tok}
if(q.credential==='api-key'){if(!key)return;h['X-Api-Key']=key}
if(miss)return;
var u=b.replace(/\\/+$/,'')+'/api/v1/'+enc(sid)+'/storefront'+path;
var r=fetch(u,{headers:h,credentials:'omit',cache:h.Authorization?'no-store':'default'});r['catch'](function(){});
out.push({url:u,headers:h,at:performance.now(),response:r})});
}catch(e){}})(${JSON.stringify(table)},location.pathname)`.replace(/\n/g, '');
}
