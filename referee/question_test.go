package referee

import (
	"errors"
	"reflect"
	"testing"
	"unsafe"
)

// TestQuestionEqualComparesEveryField changes each field of a question in
// turn, found by reflection, and expects Equal to tell the two apart: a
// field added to Question and not compared by Equal fails here (and a
// field of a type this test cannot change asks to be taught it).
func TestQuestionEqualComparesEveryField(t *testing.T) {
	base := Question{ID: "q", Kind: Choice, Prompt: Text("Which?"), Options: []Option{{Key: "a", Label: "A"}},
		Min: 1, Max: 2, Rule: "r", Example: "e", Only: Text("Only %s.", Str("a")), labels: []Msg{Text("A")}}
	same := base
	same.Options = append([]Option(nil), base.Options...)
	same.labels = []Msg{Text("A")}
	if !base.Equal(&same) || !same.Equal(&base) {
		t.Fatal("a copy of a question is not equal to it")
	}
	typ := reflect.TypeFor[Question]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		other := base
		v := reflect.NewAt(f.Type, unsafe.Pointer(reflect.ValueOf(&other).Elem().Field(i).UnsafeAddr())).Elem()
		switch x := v.Addr().Interface().(type) {
		case *string:
			*x += "x"
		case *int:
			*x += 7
		case *Seat:
			*x = 3
		case *Kind:
			*x = TextLine
		case *bool:
			*x = !*x
		case *Msg:
			*x = Text("Something else.")
		case *[]Option:
			*x = []Option{{Key: "b", Label: "A"}}
		case *[]Msg:
			*x = []Msg{Text("B")}
		case *func(string) error:
			*x = func(string) error { return errors.New("no") }
		default:
			t.Fatalf("Question.%s is a %s: teach this test to change it, and Equal to compare it", f.Name, f.Type)
		}
		if base.Equal(&other) || other.Equal(&base) {
			t.Errorf("Question.Equal does not compare %s", f.Name)
		}
	}
}
