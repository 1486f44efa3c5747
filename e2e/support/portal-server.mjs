// A stand-in for a hospital portal that embeds CardioMap (spec §1 token hand-off), on its own origin.
// It is a real loopback server because Chromium blocks frames from "public" pages onto local addresses.
//   /portal?app=<url>[&widget=<url>]#<tokens json>  frames the app; posts the tokens to it once it loads,
//                                                    or, with widget, frames the widget beside it instead
//   /widget#<tokens json>                            posts the tokens to the portal's first frame (the app)
import { createServer } from 'node:http';

const port = Number(process.env.PORTAL_PORT);
const html = (body) => `<!doctype html><html><head><title>Hospital portal</title></head><body>${body}</body></html>`;

const portal = html(`
  <iframe id="app" width="1000" height="700"></iframe>
  <iframe id="widget" width="10" height="10"></iframe>
  <script>
    const query = new URLSearchParams(location.search);
    const app = document.getElementById('app');
    app.addEventListener('load', () => {
      const widget = query.get('widget');
      if (widget) document.getElementById('widget').src = widget + location.hash;
      else app.contentWindow.postMessage(JSON.parse(decodeURIComponent(location.hash.slice(1))), new URL(app.src).origin);
    }, { once: true });
    app.src = query.get('app');
  </script>`);

const widget = html(`<script>
  const tokens = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  let sent = 0;
  const timer = setInterval(() => {
    window.parent.frames[0].postMessage(tokens, '*');
    if (++sent === 5) { clearInterval(timer); document.title = 'sent'; }
  }, 200);
</script>`);

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://portal').pathname;
  const page = path === '/portal' ? portal : path === '/widget' ? widget : path === '/health' ? 'ok' : null;
  response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  response.end(page ?? 'not found');
}).listen(port, '127.0.0.1');
