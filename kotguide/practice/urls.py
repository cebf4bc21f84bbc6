from django.urls import path

from . import views

app_name = "practice"
urlpatterns = [
    path("practice/", views.index, name="index"),
    path("practice/progress/", views.progress, name="progress"),
    path("practice/<slug:puzzle_id>/", views.puzzle, name="puzzle"),
]
