package servecmd

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"
)

// problem is one build error as the overlay shows it.
type problem struct {
	// File is relative to the source directory ("content/a.md").
	File string `json:"file"`
	// Line and Col are 1-based; 0 means unknown.
	Line int `json:"line,omitempty"`
	Col  int `json:"col,omitempty"`
	// Msg says what is wrong.
	Msg string `json:"msg"`
	// Page is the URL of the page made from File, if any.
	Page string `json:"page,omitempty"`
}

// event is one Server-Sent Event.
type event struct {
	name string
	data []byte
}

// The events the hub sends (see livereload.js for the client side).
const (
	evHello    = "hello"    // {instance, build, problems, served, warnings}: sent on every connection
	evReload   = "reload"   // {build, page, navigate, moved, files}: a build was published
	evCSS      = "css"      // {build}: a build that changed only stylesheets
	evErrors   = "errors"   // {build, problems, served}: the last build failed
	evSearch   = "search"   // {build}: the search index was written (it follows updates)
	evWarnings = "warnings" // {build, warnings}: the warnings of the last published build
)

// reloadInfo is what a reload event says besides the build's number: the
// page just edited (page, for navigate), the pages that moved (old URL ->
// new URL: a browser on one follows it) and the files written again in
// place (a picture replaced: a page showing it fetches it again); only,
// when not nil, the pages written (a browser on another one does not
// fetch its page again).
type reloadInfo struct {
	page     string
	navigate bool
	moved    map[string]string
	files    []string
	only     []string
}

// hub fans build events out to the connected browsers over Server-Sent
// Events and remembers the state a new connection needs: the number of
// the last published build and the problems of a failed one.
type hub struct {
	instance  string        // identifies this server process; changes on restart
	keepAlive time.Duration // comment interval that keeps proxies from closing the stream

	mu       sync.Mutex
	clients  map[chan event]struct{}
	build    int               // number of the last published build
	served   bool              // a build has been published: the site is there, if old
	problems []problem         // problems of the last build, nil when it was good
	warnings []problem         // warnings of the last published build
	moved    map[string]string // old URL -> new URL of the pages that moved while serving
	closed   bool
}

func newHub(instance string) *hub {
	return &hub{instance: instance, keepAlive: 20 * time.Second, clients: map[chan event]struct{}{}}
}

// state returns the last published build number and the current problems.
func (h *hub) state() (int, []problem) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.build, h.problems
}

// published records a successful build and tells the browsers: reload,
// or swap stylesheets when cssOnly. page is the URL of the edited page
// (for navigate).
func (h *hub) published(cssOnly bool, info reloadInfo) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.build++
	h.served = true
	h.problems = nil
	if h.moved == nil {
		h.moved = map[string]string{}
	}
	for from, to := range info.moved {
		for old, cur := range h.moved { // a page moved twice: its first URL follows it too
			if cur == from {
				h.moved[old] = to
			}
		}
		h.moved[from] = to
		delete(h.moved, to) // a page back at an old URL
	}
	if cssOnly {
		h.broadcast(evCSS, map[string]any{"build": h.build})
	} else {
		ev := map[string]any{"build": h.build, "page": info.page, "navigate": info.navigate,
			"moved": info.moved, "files": info.files}
		if info.only != nil {
			ev["only"] = info.only
		}
		h.broadcast(evReload, ev)
	}
	return h.build
}

// movedTo returns the URL the page at u moved to while serving, "" when
// it did not move.
func (h *hub) movedTo(u string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.moved[u]
}

// failed records a failed build and shows its problems in the browsers;
// served says whether an earlier build is still served.
func (h *hub) failed(ps []problem, served bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.problems = ps
	h.served = served
	h.broadcast(evErrors, map[string]any{"build": h.build, "problems": ps, "served": served})
}

// warn records the warnings of the last published build and shows them
// in the browsers' panel.
func (h *hub) warn(ws []problem) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if slices.Equal(ws, h.warnings) || len(ws) == 0 && len(h.warnings) == 0 {
		return // the panel shows them already
	}
	h.warnings = ws
	h.broadcast(evWarnings, map[string]any{"build": h.build, "warnings": ws})
}

// searchWritten tells the browsers that the search index is up to date
// with the last published build (an open search box reopens it).
func (h *hub) searchWritten() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.broadcast(evSearch, map[string]any{"build": h.build})
}

// broadcast sends an event to every client; h.mu must be held. A client
// too slow to take it is dropped (its browser reconnects and gets hello).
func (h *hub) broadcast(name string, payload any) {
	data, _ := json.Marshal(payload) // maps of numbers, strings and problems: cannot fail
	for c := range h.clients {
		select {
		case c <- event{name, data}:
		default:
			delete(h.clients, c)
			close(c)
		}
	}
}

// close ends every stream; ServeHTTP returns at once afterwards.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for c := range h.clients {
		delete(h.clients, c)
		close(c)
	}
}

// subscribe registers a client and returns its channel with the hello
// event already queued, or nil after close.
func (h *hub) subscribe() chan event {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil
	}
	c := make(chan event, 16)
	data, _ := json.Marshal(map[string]any{"instance": h.instance, "build": h.build, "problems": h.problems,
		"served": h.served, "warnings": h.warnings})
	c <- event{evHello, data}
	h.clients[c] = struct{}{}
	return c
}

func (h *hub) unsubscribe(c chan event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.clients[c]; ok {
		delete(h.clients, c)
		close(c)
	}
}

// ServeHTTP streams events to one browser until it disconnects.
func (h *hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	c := h.subscribe()
	if c == nil {
		http.Error(w, "server shutting down", http.StatusServiceUnavailable)
		return
	}
	defer h.unsubscribe(c)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	// Reconnect quickly: after a restart the new process is ready soon.
	if _, err := fmt.Fprint(w, "retry: 300\n\n"); err != nil {
		return
	}
	_ = rc.SetWriteDeadline(time.Time{})
	tick := time.NewTicker(h.keepAlive)
	defer tick.Stop()
	for {
		if err := rc.Flush(); err != nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case ev, ok := <-c:
			if !ok {
				return
			}
			if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, ev.data); err != nil {
				return
			}
		}
	}
}
