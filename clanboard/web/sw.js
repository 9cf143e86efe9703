/* The service worker of Web Push (served as /sw.js): shows the server's turn notification
   ({title, body, url, tag}, already in the subscriber's language) and opens its table. */
"use strict";
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
  if (!data.title) return;
  event.waitUntil(self.registration.showNotification(data.title,
    {body: data.body || "", tag: data.tag, data: {url: data.url || "/"}}));
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.matchAll({type: "window"}).then((open) => {
    for (const c of open) if (c.url === url.href && "focus" in c) return c.focus();
    return self.clients.openWindow(url.href);
  }));
});
