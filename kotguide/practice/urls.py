from django.urls import path

from . import views

app_name = "practice"
urlpatterns = [
    path("practice/", views.index, name="index"),
    path("practice/progress/", views.progress, name="progress"),
    path("practice/rule/<slug:section_id>/", views.practise_rule, name="rule"),
    path("practice/card/<slug:card_id>/", views.practise_card, name="card"),
    path("practice/<slug:puzzle_id>/", views.puzzle, name="puzzle"),
]
