package hugotmpl

import (
	"fmt"
	"reflect"
	"text/template/parse"
)

// A template's range loops are what could run without end or bound
// (nested loops over a long seq, an empty body writing nothing): each
// range's pipeline gets one more command, boundFunc, which counts the
// loop's iterations against the run's steps before it starts. Hugo 0.111
// ranges over collections only ("range can't iterate over 5", its Go
// 1.20 template fork): a number is refused, as there.

const boundFunc = "sitegenBoundRange"

// A template's call of a template it defines ({{ template "x" . }}) can
// recurse: each call goes through boundCall, which counts callSteps
// steps, so that a run's calls are bounded well under the depth Go's
// template package allows (100,000).
const (
	boundCall = "sitegenBoundCall"
	callSteps = 20
)

// boundRanges adds boundFunc to each range pipeline under n.
func boundRanges(n parse.Node) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			boundRanges(c)
		}
	case *parse.RangeNode:
		if n.Pipe != nil && len(n.Pipe.Cmds) > 0 {
			id := parse.NewIdentifier(boundFunc).SetTree(nil).SetPos(n.Pipe.Position())
			n.Pipe.Cmds = append(n.Pipe.Cmds, &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Pipe.Position(), Args: []parse.Node{id}})
		}
		boundRanges(n.List)
		boundRanges(n.ElseList)
	case *parse.TemplateNode:
		id := parse.NewIdentifier(boundCall).SetTree(nil).SetPos(n.Position())
		cmd := &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Position(), Args: []parse.Node{id}}
		if n.Pipe == nil {
			n.Pipe = &parse.PipeNode{NodeType: parse.NodePipe, Pos: n.Position(), Line: n.Line, Cmds: []*parse.CommandNode{cmd}}
		} else {
			n.Pipe.Cmds = append(n.Pipe.Cmds, cmd)
		}
	case *parse.IfNode:
		boundRanges(n.List)
		boundRanges(n.ElseList)
	case *parse.WithNode:
		boundRanges(n.List)
		boundRanges(n.ElseList)
	}
}

// boundTemplateCall counts a template call's steps and passes its data
// on (none: nil, as a call without data has).
func (r *run) boundTemplateCall(v ...any) (any, error) {
	if err := r.step(callSteps); err != nil {
		return nil, err
	}
	if len(v) > 0 {
		return v[0], nil
	}
	return nil, nil
}

// boundRange counts v's elements as steps and passes v on.
func (r *run) boundRange(v any) (any, error) {
	if v == nil {
		return v, nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.String:
		if err := r.step(rv.Len() + 1); err != nil {
			return nil, err
		}
		return v, nil
	case reflect.Chan, reflect.Func:
		return nil, fmt.Errorf("range over a %s", rv.Kind())
	}
	return nil, fmt.Errorf("range can't iterate over %v", v)
}

// seq is Hugo's: "seq LAST", "seq FIRST LAST", "seq FIRST INCREMENT
// LAST" (https://gohugo.io/functions/collections/seq/), its elements
// counted as steps.
func (r *run) seq(args ...any) ([]int, error) {
	nums := make([]int, len(args))
	for i, a := range args {
		f, err := toNumber(a)
		if err != nil {
			return nil, err
		}
		nums[i] = int(f)
	}
	first, inc, last := 1, 1, 0
	switch len(nums) {
	case 1:
		last = nums[0]
		if last < 0 {
			first, inc = -1, -1
		}
	case 2:
		first, last = nums[0], nums[1]
		if last < first {
			inc = -1
		}
	case 3:
		first, inc, last = nums[0], nums[1], nums[2]
	default:
		return nil, fmt.Errorf("seq: 1 to 3 arguments, not %d", len(args))
	}
	if inc == 0 || (last-first)/inc < 0 {
		return nil, fmt.Errorf("seq: %v never reaches its end", args)
	}
	n := (last-first)/inc + 1
	if err := r.step(n); err != nil {
		return nil, err
	}
	out := make([]int, 0, n)
	for v := first; len(out) < n; v += inc {
		out = append(out, v)
	}
	return out, nil
}
