// Package benchmd writes benchmark figures into BENCHMARKS.md, one
// "## heading" section per benchmark driver, leaving the others alone.
package benchmd

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// header starts a new BENCHMARKS.md.
const header = "# Benchmarks\n\nFigures measured on the project's 2-core machine. Each section says which command produced it.\n\n"

// WriteSection replaces the section of the Markdown file at path whose
// heading line is "## "+heading (up to the next "## " heading) with
// section, or appends section when there is none. section must start with
// that heading line.
func WriteSection(path, heading, section string) error {
	if !strings.HasPrefix(section, "## "+heading+"\n") {
		return fmt.Errorf("benchmd: section does not start with %q", "## "+heading)
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("benchmd: %w", err)
	}
	text := string(old)
	if text == "" {
		text = header
	}
	lines := strings.SplitAfter(text, "\n")
	start, end := -1, len(lines)
	for i, l := range lines {
		if strings.TrimRight(l, "\n") == "## "+heading {
			start = i
			continue
		}
		if start >= 0 && i > start && strings.HasPrefix(l, "## ") {
			end = i
			break
		}
	}
	var out string
	if start < 0 {
		out = strings.TrimRight(text, "\n") + "\n\n" + section
	} else {
		out = strings.Join(lines[:start], "") + section
		if end < len(lines) {
			out = strings.TrimRight(out, "\n") + "\n\n" + strings.Join(lines[end:], "")
		}
	}
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		return fmt.Errorf("benchmd: %w", err)
	}
	return nil
}
