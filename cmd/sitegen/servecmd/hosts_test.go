package servecmd

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestHostPolicy(t *testing.T) {
	p := newHostPolicy("devbox.lan", []string{"docs.example.net", " .example.org ", ""})
	tests := []struct {
		host string
		want bool
	}{
		{"localhost", true},
		{"localhost:1313", true},
		{"LOCALHOST.:1313", true},
		{"app.localhost:1313", true},
		{"127.0.0.1:1313", true},
		{"127.0.0.2", true},
		{"[::1]:1313", true},
		{"192.168.1.20:1313", true}, // an address: no rebinding possible
		{"devbox.lan:1313", true},   // the --bind name
		{"docs.example.net", true},
		{"example.org", true},
		{"a.b.example.org:80", true},
		{"", false},
		{"evil.example", false},
		{"evil.example:1313", false},
		{"localhost.evil.example", false},
		{"notexample.org", false},
		{"x.docs.example.net", false},
		{"127.0.0.1.nip.io", false},
		{"devbox.lan.evil", false},
	}
	for _, tt := range tests {
		if got := p.allows(tt.host); got != tt.want {
			t.Errorf("allows(%q) = %v, want %v", tt.host, got, tt.want)
		}
	}
}

func TestIsLoopback(t *testing.T) {
	for bind, want := range map[string]bool{
		"127.0.0.1": true, "localhost": true, "::1": true, "[::1]": true, "127.1.2.3": true,
		"0.0.0.0": false, "::": false, "192.168.1.2": false, "devbox.lan": false, "": false,
	} {
		if got := isLoopback(bind); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", bind, got, want)
		}
	}
}

// TestServeRefusesForeignHosts is fault 6 of issue 10 (DNS rebinding):
// the real server answers its own names and 403s any other Host.
func TestServeRefusesForeignHosts(t *testing.T) {
	src := testSite(t)
	base, _, errOut, _ := startServe(t, "--source", src, "--allowed-hosts", "docs.example.net")
	addr := strings.TrimPrefix(base, "http://")
	_, port, _ := strings.Cut(addr, ":")
	for _, tt := range []struct {
		host, path string
		code       int
	}{
		{addr, "/a/one/", 200},
		{"localhost:" + port, "/a/one/", 200},
		{"docs.example.net:" + port, "/a/one/", 200},
		{"evil.example:" + port, "/a/one/", 403},
		{"evil.example", "/", 403},
		{"evil.example", eventsPath, 403},
		{"evil.example", scriptPath, 403},
		{"evil.example", "/nowhere/", 403},
	} {
		req, _ := http.NewRequest("GET", base+tt.path, nil)
		req.Host = tt.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.code {
			t.Errorf("Host %s GET %s = %d, want %d", tt.host, tt.path, resp.StatusCode, tt.code)
		}
		if tt.code == 403 && (!strings.Contains(string(body), "--allowed-hosts") || strings.Contains(string(body), "<")) {
			t.Errorf("403 body %q: want a plain message naming --allowed-hosts", body)
		}
	}
	if strings.Contains(errOut.String(), "warning") {
		t.Errorf("warning on a loopback bind: %s", errOut.String())
	}
}
