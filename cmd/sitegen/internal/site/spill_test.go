package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestSpillRoundTrip: texts put from many goroutines read back as they
// were, each apart, and an empty text is never spilled.
func TestSpillRoundTrip(t *testing.T) {
	sp := newSpill(t.TempDir())
	if sp == nil {
		t.Fatal("no spill file")
	}
	defer sp.close()
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = strings.Repeat(fmt.Sprintf("<p>page %d é</p>", i), i*37+1)
	}
	spans := make([]span, len(texts))
	var wg sync.WaitGroup
	for i := range texts {
		wg.Go(func() {
			at, ok := sp.put(texts[i])
			if !ok {
				t.Errorf("text %d not spilled", i)
			}
			spans[i] = at
		})
	}
	wg.Wait()
	for i := len(texts) - 1; i >= 0; i-- {
		got, err := sp.get(spans[i])
		if err != nil || got != texts[i] {
			t.Errorf("text %d read back as %d bytes (err %v), want %d", i, len(got), err, len(texts[i]))
		}
	}
	if _, ok := sp.put(""); ok {
		t.Error("an empty text was spilled")
	}
}

// TestSpillLeavesNothing: the spill file never shows in the folder it is
// made in, and a spill file a killed build left there (its name made and
// not yet removed when the process died: TestKilledBuilds saw one under
// load) is removed by the next build's spill, as the staging folders are.
func TestSpillLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, spillPrefix+"14978049")
	if err := os.WriteFile(stale, []byte("<p>old</p>"), 0o600); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(dir, "notes.txt") // not sitegen's: kept
	if err := os.WriteFile(mine, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	sp := newSpill(dir)
	if sp == nil {
		t.Fatal("no spill file made")
	}
	at, ok := sp.put("<p>body</p>")
	if !ok {
		t.Fatal("put failed")
	}
	if got, err := sp.get(at); err != nil || got != "<p>body</p>" {
		t.Fatalf("get = %q, %v", got, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "notes.txt" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("while the spill is open the folder holds %q, want only notes.txt", names)
	}
	sp.close()
}
