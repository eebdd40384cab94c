" Layout Playground scene files: *.layout is the 'layout' filetype.
autocmd BufRead,BufNewFile *.layout setfiletype layout
