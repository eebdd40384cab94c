" Vim syntax file for Layout Playground scene files (.layout); the language is docs/language.md.
if exists('b:current_syntax')
  finish
endif

syntax keyword layoutDeclaration view label button guide stack constraints texts var animator action
syntax keyword layoutSetting canvas safearea sizeclass direction reload margins
syntax keyword layoutStatement layout activate deactivate animate keyframes keyframe start pause reverse stop finish swap run completion on load
syntax keyword layoutOption delay curve spring damping velocity repeat forever autoreverse after at override duration inactive
syntax keyword layoutProperty alpha color font size hugging compression hidden frame lines text constant fraction spacing distribution alignment transform rotate scale translate identity
syntax keyword layoutAttribute left right top bottom leading trailing width height centerX centerY firstBaseline lastBaseline minX midX maxX minY midY maxY safeArea
syntax keyword layoutConstant root system required high low fitting true false none compact regular rtl ltr easeInOut easeIn easeOut linear bezier horizontal vertical
syntax match layoutNumber /\<\d\+\(\.\d\+\)\?\>/
syntax match layoutColor /#\x\{6}\>/
syntax match layoutOperator /==\|>=\|<=\|+=\|-=\|[=+\-*\/@±]/
syntax match layoutVisualFormat /\<[HV]:[|\[]\S*/
syntax match layoutConstraintName /^\s*\(inactive\s\+\)\?\zs\h\w*\ze\s*:[^|\[]/
syntax region layoutString start=/"/ skip=/\\./ end=/"/ oneline
syntax match layoutComment /#\(\x\{6}\>\)\@!.*$/ contains=@Spell

highlight default link layoutDeclaration Keyword
highlight default link layoutSetting PreProc
highlight default link layoutStatement Statement
highlight default link layoutOption Type
highlight default link layoutProperty Identifier
highlight default link layoutAttribute Function
highlight default link layoutConstant Constant
highlight default link layoutNumber Number
highlight default link layoutColor Number
highlight default link layoutOperator Operator
highlight default link layoutVisualFormat Special
highlight default link layoutConstraintName Label
highlight default link layoutString String
highlight default link layoutComment Comment

let b:current_syntax = 'layout'
